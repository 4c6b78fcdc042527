/** The checkout page's blocks, loaded together with the checkout page only. */
export { CheckoutAccount } from './CheckoutAccount';
export { CustomForm } from './CustomForm';
export { QuoteSummary } from './QuoteSummary';
export { ShippingAddress } from './ShippingAddress';
export { ShippingMethod } from './ShippingMethod';
export { TermsAndPayment } from './TermsAndPayment';
