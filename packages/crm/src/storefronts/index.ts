/** What other capabilities use of storefronts: they import it from here, never from its files. */
export { findAddressValidation, findGuestAccountId } from './queries/storefronts';
export { cartHeaders, resolveLocale } from './rules/translations';
