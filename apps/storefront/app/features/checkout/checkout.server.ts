import { type AddressFieldConfig, shippingAddressIssue } from '@storefront/contracts/address-rules';
import { addressFieldConfigOf } from '@storefront/contracts/block-fields';
import type { Section } from '@storefront/contracts/blocks';
import type { QuoteAddress } from '@storefront/contracts/crm-addresses';
import type { QuoteSummary } from '@storefront/contracts/crm-quotes';
import {
  type CustomForm,
  customFormOf,
  missingRequiredField,
  type SavedCustomField,
} from '@storefront/contracts/custom-fields';
import { crmCall } from '../../lib/crm.server';
import type { StorefrontSession } from '../../lib/storefront.server';
import { shopsAsGuest } from '../cart/cart.server';
import { type CheckoutProgress, isShippingMethodDone } from './steps';

export function checkoutScope(session: StorefrontSession) {
  return { storefrontId: session.storefront.storefrontId, accountId: session.viewer.accountId };
}

/** The cart being checked out and what its steps already hold; null: there is nothing to check out. */
export interface CheckoutState {
  quote: QuoteSummary;
  signedIn: boolean;
  shippingAddress: QuoteAddress | null;
  /** Where inside the ship-to site the goods go, when the buyer gave a different address (C§3). */
  deliverToAddress: QuoteAddress | null;
  /** The page template's custom form, and the values the quote holds for it. */
  customForm: CustomForm | null;
  customFields: SavedCustomField[];
  progress: CheckoutProgress;
}

/** The checkout page's template: the custom form it asks for is one of its blocks. */
export interface CheckoutPage {
  templateId: string;
  sections: readonly Section[];
}

/**
 * A saved shipping address completes its step as the CRM decides when the order is placed (C§5): every part the
 * template's address block requires, and a country (and a state where needed) for the rates.
 */
export function isShippable(address: QuoteAddress | null, config: AddressFieldConfig): boolean {
  if (address === null) return false;
  return shippingAddressIssue(address, address.locationId ? 'Location' : 'Account', config) === null;
}

/** A quote answers its deliver-to fields empty until one is saved. */
function hasAnyPart(address: QuoteAddress | null): address is QuoteAddress {
  return address !== null && [address.address, address.city, address.country].some((part) => part !== '');
}

/**
 * The viewer's cart and each step's completeness, decided from what the CRM holds for the quote (not from the
 * browser): the buyer named, a shippable address saved, a method saved or no shipping needed. Every block of
 * the page asks; the first asking loads it once for the whole page.
 */
export function loadCheckoutState(
  session: StorefrontSession,
  page: CheckoutPage,
): Promise<CheckoutState | null> {
  let state = statesBySession.get(session);
  if (!state) {
    state = readCheckoutState(session, page);
    statesBySession.set(session, state);
  }
  return state;
}

const statesBySession = new WeakMap<StorefrontSession, Promise<CheckoutState | null>>();

async function readCheckoutState(
  session: StorefrontSession,
  page: CheckoutPage,
): Promise<CheckoutState | null> {
  const guest = shopsAsGuest(session);
  if (guest && !session.guestCartSecret) return null;
  const { quote } = await crmCall(session, 'getActiveQuote', checkoutScope(session));
  if (!quote || quote.checkedOut) return null;
  const scope = { ...checkoutScope(session), quoteId: quote.id };
  const customForm = customFormOf(page.sections);
  const [addresses, deliverTo, rates, custom] = await Promise.all([
    crmCall(session, 'getAddressRecords', { ...scope, addressType: 'Shipping' }),
    crmCall(session, 'getAddressRecords', { ...scope, addressType: 'DeliverTo', addressObject: 'Account' }),
    crmCall(session, 'calculateShippingCharges', {
      ...checkoutScope(session),
      objid: quote.id,
      objtype: 'Quote',
    }),
    customForm ? crmCall(session, 'getCustomFields', scope) : { fields: [] },
  ]);
  const shippingAddress = addresses.quoteAddress;
  return {
    quote,
    signedIn: !guest,
    shippingAddress,
    deliverToAddress: hasAnyPart(deliverTo.quoteAddress) ? deliverTo.quoteAddress : null,
    customForm,
    customFields: custom.fields,
    progress: {
      account: !guest || quote.contactId !== null,
      shippingAddress: isShippable(shippingAddress, addressFieldConfigOf(page.sections)),
      shippingMethod: isShippingMethodDone(rates),
      customForm: customForm && missingRequiredField(customForm, custom.fields) === null,
    },
  };
}
