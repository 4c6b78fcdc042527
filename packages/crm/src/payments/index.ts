/** What other capabilities use of payments: they import it from here, never from its files. */
export { paymentSettings } from './handlers/payments';
export { alreadyAnswered, type DecidedCharge, recordNotApplied } from './handlers/provider-results';
export { askProvider } from './provider-call';
export type { PaymentPurpose } from './purposes';
export { findPaymentMethod } from './queries/payment-methods';
export {
  appliedQuotePayments,
  closeInvoiceRequests,
  findPaymentOfRequest,
  findPaymentRequest,
  findStorefrontIdentity,
  insertPayment,
  insertPaymentRequest,
  type PaymentRequestRow,
  type PaymentRow,
} from './queries/payments';
export { insertRefund } from './queries/refunds';
export {
  amountDue,
  isStorefrontUrl,
  leftToPay,
  paidAmount,
  payOnlineTerms,
  REFUND_REASONS,
  surplusRefunds,
} from './rules/payments';
