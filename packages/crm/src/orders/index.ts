/** What other capabilities use of orders: they import it from here, never from its files. */

export { accountOrderLines } from './handlers/orders';
export { ORDER_OPERATIONS } from './operations';
export { recordOrderPlaced } from './queries/order-life';
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
export { shippingMethodOf } from './rules/order-life';
export { formatAmount, type OrderDocument, renderOrderPdf, wrapped } from './rules/order-pdf';
