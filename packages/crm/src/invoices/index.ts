/** What other capabilities use of invoices: they import it from here, never from its files. */
export { settleCancelledOrder } from './handlers/cancellations';
export { invoiceOrder } from './handlers/invoices';
