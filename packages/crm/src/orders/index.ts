/** What other capabilities use of orders: they import it from here, never from its files. */

export { ORDER_OPERATIONS } from './operations';
export {
  type CheckoutTemplate,
  findCheckoutTemplate,
  findOrderByNumber,
  findOrderOfQuote,
  insertOrder,
  insertOutboxMail,
  nextOrderSequence,
  type OrderRow,
} from './queries/orders';
export { formatAmount, type OrderDocument, renderOrderPdf, wrapped } from './rules/order-pdf';
