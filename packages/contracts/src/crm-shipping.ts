import { z } from 'zod';
import { crmType } from './crm-base';
import { id, quoteScope, text } from './crm-fields';
import { quoteSummarySchema } from './crm-quotes';

/** The shipping types of spec C§3, C§4, C§5 and C§7: rates for a quote, the chosen method, the carrier picklists. */

/** Spec C§3: the label of the option that ships on the buyer's own carrier account. */
export const OWN_CARRIER_LABEL = 'Use your own shipping carrier';

/** What the shipping method step reads instead of options (spec C§4); missing address parts say ADDRESS_MESSAGES. */
export const SHIPPING_MESSAGES = {
  noShippingRequired: 'Quote does not require shipping',
} as const;

/** Spec C§3: one shipping method option. Charges are in the quote's currency and computed by the CRM. */
export const shippingOptionSchema = z.object({
  ShippingCarrier: z.string(),
  ShippingMethod: z.string(),
  ShippingCharge: z.number(),
  labelToShow: z.string(),
  /** The buyer's own carrier account number; null for the options the CRM rates. */
  customerShippingAccount: z.string().nullable(),
  /** The cold-chain packing (dry ice, cold packs) the option needs, charged beside the shipping charge. */
  quoteAdditionalSurcharge: z.number(),
  /** Business days in transit; null for the buyer's own carrier. */
  transitDays: z.number().nullable(),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

/** Spec C§3: the storefront's shipping settings. */
export const shippingSettingsSchema = z.object({
  /** Checkout needs a shipping rate: without one (no service reaches the address) the buyer cannot submit. */
  doNotAllowCheckoutWithoutShippingRate: z.boolean(),
  /** The buyer may ship on their own carrier account ('Use your own shipping carrier'). */
  allowCustomerShippingAccount: z.boolean(),
});
export type ShippingSettings = z.infer<typeof shippingSettingsSchema>;

/** The method saved on the quote, as the shipping step shows it selected. */
export const savedShippingSchema = z.object({
  ShippingCarrier: z.string(),
  ShippingMethod: z.string(),
  ShippingCharge: z.number(),
  customerShippingAccount: z.string().nullable(),
  quoteAdditionalSurcharge: z.number(),
});
export type SavedShipping = z.infer<typeof savedShippingSchema>;

const shippingRatesSchema = z.object({
  /** Spec C§7: the options grouped as ShippingResults[].ShippingInfo[]; one group per carrier, own carrier last. */
  ShippingResults: z.array(z.object({ ShippingInfo: z.array(shippingOptionSchema) })),
  shippingSettings: shippingSettingsSchema,
  /** Why no carrier's rate is offered (an address part missing, nothing reaches the address); null otherwise. */
  errorMessage: z.string().nullable(),
  /** False when every line is a service or otherwise not shipped: the step reads SHIPPING_MESSAGES.noShippingRequired. */
  requiresShipping: z.boolean(),
  /** SHIPPING_MESSAGES.noShippingRequired for such a quote, else null. */
  message: z.string().nullable(),
  selected: savedShippingSchema.nullable(),
});
export type ShippingRates = z.infer<typeof shippingRatesSchema>;

/** Spec C§7 names the quote `objid` and its kind `objtype`; only quotes are shipped. */
const shippedObject = {
  ...quoteScope,
  objid: id,
  objtype: z.literal('Quote', { error: "must be 'Quote'" }),
};

const label = text().trim().min(1, 'must not be empty').max(80);

/**
 * The option the buyer chose. Only carrier, method and, for the own carrier, the account number are read: the
 * charge is computed again by the CRM, so whatever the browser sends as ShippingCharge sets nothing.
 */
const chosenOptionSchema = z.object({
  ShippingCarrier: label,
  ShippingMethod: label,
  ShippingCharge: z.number().optional(),
  labelToShow: text().max(200).optional(),
  quoteAdditionalSurcharge: z.number().optional(),
  /** Set (letters, digits, dashes) when shipping on the buyer's own carrier account. */
  customerShippingAccount: text()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,32}$/, 'must be 4 to 32 letters, digits or dashes')
    .nullish(),
});

export const SAVE_STATUSES = ['SUCCESS', 'UNCHANGED'] as const;

const savedMethodSchema = z.object({
  /** UNCHANGED: the quote already had this carrier, method and charge (spec C§4), so nothing was written. */
  saveStatus: z.enum(SAVE_STATUSES),
  message: z.string(),
  shipping: savedShippingSchema,
  /** The quote with its new total: subtotal - discount + shipping + surcharge. */
  quote: quoteSummarySchema,
});
export type SavedMethod = z.infer<typeof savedMethodSchema>;

/** A carrier the buyer may ship with on their own account, and its services (getShippingPicklists). */
const carrierPicklistSchema = z.object({
  carriers: z.array(z.object({ carrier: z.string(), services: z.array(z.string()) })),
});
export type CarrierPicklist = z.infer<typeof carrierPicklistSchema>;

// A quote's rates change with its lines and address, so nothing here is cached but the carrier list.
const shippingRow = { group: 'ecommerce' } as const;

export const SHIPPING_CRM_TYPES = {
  calculateShippingCharges: crmType({
    ...shippingRow,
    cacheable: false,
    method: 'POST',
    payload: z.object(shippedObject),
    answer: shippingRatesSchema,
  }),
  saveShippingChargesWithBroker: crmType({
    ...shippingRow,
    cacheable: false,
    method: 'POST',
    payload: z.object({ ...shippedObject, shippingdata: chosenOptionSchema }),
    answer: savedMethodSchema,
  }),
  getShippingPicklists: crmType({
    ...shippingRow,
    cacheable: true,
    method: 'GET',
    payload: z.object({}),
    answer: carrierPicklistSchema,
  }),
};
