/** What other capabilities use of shipping: they import it from here, never from its files. */
export { findShippingSettings, shipmentLinesOf } from './queries/shipping';
export { shippingOffer } from './rules/offer';
export type { ColdChain, ShippingProfile } from './rules/profile';
export { findService } from './rules/services';
