import type { InvoiceStatus } from '@storefront/contracts/crm-invoices';

/** A status as text (never colour alone), styled by its kind. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <span className={`status-pill invoice-status invoice-status--${status.toLowerCase()}`}>{status}</span>
  );
}
