import type { InvoiceListRow } from '@storefront/contracts/crm-invoices';
import { orderPagePath } from '@storefront/contracts/crm-orders';
import { Link } from 'react-router';

/**
 * An invoice's order number: a link to the order's page when the order is the account's (issue 32), else as
 * text (the history from before the portal names orders the storefront never had); a dash when it has none.
 */
export function InvoiceOrder({ invoice }: { invoice: Pick<InvoiceListRow, 'orderNumber' | 'hasOrder'> }) {
  if (invoice.orderNumber === null) return <>—</>;
  if (!invoice.hasOrder) return <>{invoice.orderNumber}</>;
  return <Link to={orderPagePath(invoice.orderNumber)}>{invoice.orderNumber}</Link>;
}
