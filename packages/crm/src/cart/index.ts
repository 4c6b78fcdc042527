/** What other capabilities use of cart: they import it from here, never from its files. */
export {
  changeableQuote,
  changeQuote,
  findChangeableQuote,
  insertCart,
  lockChangeableQuote,
  ownQuote,
  type QuoteScope,
  quoteScope,
} from './handlers/quote-access';
export { addLinesToCart, lineQuantityProblem } from './handlers/quote-lines';
export { priceLines, repriceQuote, toQuoteSummary } from './handlers/quote-view';
export { updateQuoteLabels } from './queries/cart-records';
export {
  type CartOwner,
  deactivateQuotes,
  findActiveQuote,
  findQuote,
  linesWithItems,
  NO_SHIPPING_METHOD,
  ownedBy,
  type QuoteRow,
  type ShippingMethodFields,
  setCustomFields,
  setQuoteTax,
  updateQuoteTotals,
} from './queries/quotes';
export {
  addressLines,
  billingParts,
  type QuoteAddressValues,
  quoteAddress,
  quoteAddressColumns,
  shippingParts,
  shipsElsewhere,
} from './rules/quote-addresses';
export { quoteTotal, quoteTotals, storedCharges } from './rules/quote-pricing';
