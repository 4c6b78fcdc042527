import { ADDRESS_MESSAGES, OWN_CARRIER_LABEL, type ShippingOption } from '@storefront/contracts';
import type { ShipmentLine, ShippingProfile } from './profile';
import { ownCarrierSurcharge, type RatedService, rateShipment, requiresShipping } from './rates';
import { destinationOf } from './zones';

/** What the shipping step offers for a quote: options to choose from, or why there are none. */
export type ShippingOffer =
  | { requiresShipping: false }
  | {
      requiresShipping: true;
      /** The carriers' options, cheapest first, then the own-carrier option when the storefront allows it. */
      options: ShippingOption[];
      errorMessage: string | null;
    };

export interface OfferRequest {
  lines: readonly { sku: string; qty: number; profile: ShippingProfile | null }[];
  country: string | null;
  state: string | null;
  currency: string;
  customerCarrierAllowed: boolean;
}

const pluralDays = (days: number) => `${days} business day${days === 1 ? '' : 's'}`;

function ratedOption(rated: RatedService): ShippingOption {
  return {
    ShippingCarrier: rated.carrier,
    ShippingMethod: rated.service,
    ShippingCharge: rated.charge,
    labelToShow: `${rated.carrier} ${rated.service} (${pluralDays(rated.transitDays)})`,
    customerShippingAccount: null,
    quoteAdditionalSurcharge: rated.surcharge,
    transitDays: rated.transitDays,
  };
}

/**
 * The own-carrier option: no charge from us, the cold-chain packing still ours. Carrier, method and account
 * number are the buyer's to enter (from getShippingPicklists).
 */
function ownCarrierOption(lines: readonly ShipmentLine[], currency: string): ShippingOption | null {
  const surcharge = ownCarrierSurcharge(lines, currency);
  if (surcharge === null) return null;
  return {
    ShippingCarrier: '',
    ShippingMethod: '',
    ShippingCharge: 0,
    labelToShow: OWN_CARRIER_LABEL,
    customerShippingAccount: '',
    quoteAdditionalSurcharge: surcharge,
    transitDays: null,
  };
}

const MISSING_ADDRESS_PART = {
  country: ADDRESS_MESSAGES.enterCountry,
  state: ADDRESS_MESSAGES.enterState,
  validCountry: ADDRESS_MESSAGES.validCountry,
} as const;

/**
 * The options for a quote's lines and shipping address. Rates need a country, and a state where the country
 * requires one (spec C§5); until then the answer says what is missing and offers nothing.
 */
export function shippingOffer(request: OfferRequest): ShippingOffer {
  const { lines, currency } = request;
  const unprofiled = lines.filter((line) => line.profile === null).map((line) => line.sku);
  const profiled = lines.flatMap(({ sku, qty, profile }) => (profile ? [{ sku, qty, profile }] : []));
  // An item without a profile might ship, so only a quote of known non-shipped items needs no shipping.
  if (unprofiled.length === 0 && !requiresShipping(profiled)) return { requiresShipping: false };
  const none = (errorMessage: string): ShippingOffer => ({
    requiresShipping: true,
    options: [],
    errorMessage,
  });
  const destination = destinationOf(request.country, request.state);
  if (!destination.ok) return none(MISSING_ADDRESS_PART[destination.missing]);
  if (unprofiled.length > 0) {
    return none(
      `Shipping rates are not available for ${unprofiled.join(', ')}; contact us for a shipping quote.`,
    );
  }
  const rating = rateShipment(profiled, destination.zone, currency);
  const own = request.customerCarrierAllowed ? ownCarrierOption(profiled, currency) : null;
  return {
    requiresShipping: true,
    options: [...rating.services.map(ratedOption), ...(own ? [own] : [])],
    errorMessage: rating.problem,
  };
}
