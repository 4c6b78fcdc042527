import {
  type CrmPayload,
  type SavedShipping,
  SHIPPING_MESSAGES,
  type ShippingOption,
  type ShippingRates,
} from '@storefront/contracts';
import {
  changeQuote,
  findQuote,
  ownQuote,
  type QuoteRow,
  quoteScope,
  quoteTotal,
  type ShippingMethodFields,
  storedCharges,
  toQuoteSummary,
} from '../../cart';
import { invalidPayload } from '../../core/errors';
import type { Handler } from '../../core/handler';
import type { CrmDb } from '../../db/open';
import {
  findShippingSettings,
  type StorefrontShippingSettings,
  saveShippingMethod,
  shipmentLinesOf,
} from '../queries/shipping';
import { type ShippingOffer, shippingOffer } from '../rules/offer';
import { carrierPicklist, findService } from '../rules/services';

async function settingsOf(db: CrmDb, storefrontId: string): Promise<StorefrontShippingSettings> {
  const settings = await findShippingSettings(db, storefrontId);
  if (!settings) throw new Error(`storefront ${storefrontId} vanished while its shipping was rated`);
  return settings;
}

/** The options for the quote as it is stored: its lines, shipping address and currency. */
async function offerFor(
  db: CrmDb,
  quote: QuoteRow,
  settings: StorefrontShippingSettings,
): Promise<ShippingOffer> {
  return shippingOffer({
    lines: await shipmentLinesOf(db, quote.id),
    country: quote.shippingCountry,
    state: quote.shippingState,
    currency: quote.currency,
    customerCarrierAllowed: settings.customerCarrierAllowed,
  });
}

/** One group per carrier (spec C§7: ShippingResults[].ShippingInfo[]), in the order of their cheapest option. */
function groupByCarrier(options: readonly ShippingOption[]): ShippingRates['ShippingResults'] {
  const groups = new Map<string, ShippingOption[]>();
  for (const option of options) {
    groups.set(option.ShippingCarrier, [...(groups.get(option.ShippingCarrier) ?? []), option]);
  }
  return [...groups.values()].map((ShippingInfo) => ({ ShippingInfo }));
}

function savedShipping(quote: ShippingMethodFields): SavedShipping | null {
  if (quote.shippingCarrier === null || quote.shippingService === null) return null;
  return {
    ShippingCarrier: quote.shippingCarrier,
    ShippingMethod: quote.shippingService,
    ShippingCharge: quote.shippingAmount ?? 0,
    customerShippingAccount: quote.customerShippingAccount,
    quoteAdditionalSurcharge: quote.shippingSurcharge ?? 0,
  };
}

/** The shipping options of the scope's own quote, with the storefront's shipping settings. */
export const calculateShippingCharges: Handler<'calculateShippingCharges'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const quote = ownQuote(await findQuote(ctx.db, payload.objid), scope);
  const settings = await settingsOf(ctx.db, scope.storefrontId);
  const offer = await offerFor(ctx.db, quote, settings);
  return {
    ShippingResults: offer.requiresShipping ? groupByCarrier(offer.options) : [],
    shippingSettings: {
      doNotAllowCheckoutWithoutShippingRate: settings.shippingRateRequired,
      allowCustomerShippingAccount: settings.customerCarrierAllowed,
    },
    errorMessage: offer.requiresShipping ? offer.errorMessage : null,
    requiresShipping: offer.requiresShipping,
    message: offer.requiresShipping ? null : SHIPPING_MESSAGES.noShippingRequired,
    selected: savedShipping(quote),
  };
};

type Chosen = CrmPayload<'saveShippingChargesWithBroker'>['shippingdata'];

/**
 * The method the buyer chose, as the CRM prices it now: a carrier's option from the offer, or the own-carrier
 * option with the buyer's carrier, service and account number. Any charge the browser sent is ignored.
 */
function pricedChoice(
  offer: Extract<ShippingOffer, { requiresShipping: true }>,
  chosen: Chosen,
  settings: StorefrontShippingSettings,
): ShippingMethodFields {
  if (offer.options.length === 0)
    throw invalidPayload(offer.errorMessage ?? 'no shipping method is offered.');
  const { ShippingCarrier: carrier, ShippingMethod: service, customerShippingAccount: account } = chosen;
  if (account) {
    if (!settings.customerCarrierAllowed) {
      throw invalidPayload(
        'this storefront does not ship on a customer carrier account; choose one of the offered methods.',
        'shippingdata.customerShippingAccount',
      );
    }
    if (!findService(carrier, service)) {
      throw invalidPayload(
        'choose a carrier and service from the shipping picklists.',
        'shippingdata.ShippingMethod',
      );
    }
    const own = offer.options.find((option) => option.customerShippingAccount !== null);
    return methodFields(carrier, service, 0, own?.quoteAdditionalSurcharge ?? 0, account);
  }
  const option = offer.options.find(
    (candidate) =>
      candidate.customerShippingAccount === null &&
      candidate.ShippingCarrier === carrier &&
      candidate.ShippingMethod === service,
  );
  if (!option) {
    throw invalidPayload(
      `${carrier} ${service} is not offered for this quote and address; ask for the shipping rates again.`,
      'shippingdata.ShippingMethod',
    );
  }
  return methodFields(carrier, service, option.ShippingCharge, option.quoteAdditionalSurcharge, null);
}

function methodFields(
  shippingCarrier: string,
  shippingService: string,
  shippingAmount: number,
  shippingSurcharge: number,
  customerShippingAccount: string | null,
): ShippingMethodFields {
  return { shippingCarrier, shippingService, shippingAmount, shippingSurcharge, customerShippingAccount };
}

const sameMethod = (stored: ShippingMethodFields, next: ShippingMethodFields) =>
  (Object.keys(next) as (keyof ShippingMethodFields)[]).every((field) => stored[field] === next[field]);

/**
 * Saves the buyer's shipping method on the quote with the charge computed here, and the total that follows.
 * Under the quote's lock, so a line change (which clears the method) cannot slip between rating and saving.
 * A method the quote already has is not written again (spec C§4).
 */
export const saveShippingChargesWithBroker: Handler<'saveShippingChargesWithBroker'> = async (
  ctx,
  payload,
) => {
  const scope = await quoteScope(ctx, payload);
  return changeQuote(ctx, scope, payload.objid, async (tx, quote) => {
    const settings = await settingsOf(tx.db, scope.storefrontId);
    const offer = await offerFor(tx.db, quote, settings);
    if (!offer.requiresShipping) throw invalidPayload(SHIPPING_MESSAGES.noShippingRequired);
    const method = pricedChoice(offer, payload.shippingdata, settings);
    const shipping = savedShipping(method);
    if (!shipping) throw new Error('a priced shipping method always names its carrier and service');
    if (sameMethod(quote, method)) {
      return {
        saveStatus: 'UNCHANGED',
        message: 'The quote already has this shipping method; nothing was saved.',
        shipping,
        quote: toQuoteSummary(quote),
      };
    }
    const total = quoteTotal(
      {
        subtotal: quote.subtotal,
        discount: quote.discount,
        ...storedCharges({ ...quote, ...method }),
      },
      quote.currency,
    );
    const saved = await saveShippingMethod(tx.db, quote.id, { ...method, total });
    return {
      saveStatus: 'SUCCESS',
      message: 'Shipping method saved.',
      shipping,
      quote: toQuoteSummary(saved),
    };
  });
};

/** The carriers and services a buyer may name for their own carrier account. */
export const getShippingPicklists: Handler<'getShippingPicklists'> = async () => ({
  carriers: carrierPicklist(),
});
