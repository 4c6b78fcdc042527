/** Where the account's invoices are listed (spec P§2). */
export const INVOICES_PATH = '/billing/enhancedList';
/** The list's CSV, with the list's query string. */
export const INVOICES_EXPORT_PATH = '/billing/enhancedList/export';

/** One invoice's page (spec P§2 /viewInvoice). */
export function invoicePath(invoiceId: string): string {
  return `/viewInvoice?invoiceId=${encodeURIComponent(invoiceId)}`;
}

/** One invoice's PDF, served to its account only, as an attachment. */
export function invoicePdfPath(invoiceId: string): string {
  return `/viewInvoice/pdf?invoiceId=${encodeURIComponent(invoiceId)}`;
}

/** Where open invoices are paid online. */
export const PAY_INVOICES_PATH = '/billing/payment';

/** The payment page with one invoice chosen. */
export function payInvoicePath(invoiceId: string): string {
  return `${PAY_INVOICES_PATH}?invoice=${encodeURIComponent(invoiceId)}`;
}
