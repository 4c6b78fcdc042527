/** Where the account's orders are listed (issue 32); one order's page is orderPagePath (contracts/crm-orders). */
export const ORDERS_PATH = '/billing/orders';
/** The list's CSV, with the list's query string. */
export const ORDERS_EXPORT_PATH = '/billing/orders/export';
