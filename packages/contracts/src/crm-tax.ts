import { z } from 'zod';
import { addressInfoSchema, avaTaxMessageSchema, JURIS_TYPES } from './avatax';
import { crmType } from './crm-base';
import { id, quoteScope, text } from './crm-fields';

/** The tax types of the checkout group (spec C§5, C§7, C§9): address validation and the quote's tax. */

/** Spec C§9: the countries whose addresses the tax service checks, whatever their letter case. */
export const TAX_CHECK_COUNTRIES = ['US', 'CA', 'USA', 'United States', 'CANADA'] as const;

const TAX_CHECK_KEYS: ReadonlySet<string> = new Set(TAX_CHECK_COUNTRIES.map((name) => name.toLowerCase()));

/** Whether the tax service checks addresses of this country (spec C§5). */
export function isTaxCheckCountry(country: string): boolean {
  return TAX_CHECK_KEYS.has(country.trim().toLowerCase());
}

/** Spec C§5: the answer's message when city, state, country or zip is missing and a suggestion was found. */
export const INCOMPLETE_ADDRESS_MESSAGE = 'The address you entered is Incomplete. We found a suggestion...';

/**
 * A quote's tax: NotCalculated until the quote has a full shipping address (and again after any change of
 * its lines), Calculated once estimated, Committed once recorded with the tax service for the order.
 */
export const TAX_STATUSES = ['NotCalculated', 'Calculated', 'Committed'] as const;
export type TaxStatus = (typeof TAX_STATUSES)[number];

/** One jurisdiction's share of a quote's tax. */
export const taxDetailSchema = z.object({
  jurisName: z.string(),
  jurisType: z.enum(JURIS_TYPES),
  taxName: z.string(),
  /** As a fraction: 0.0625 is 6.25 %. */
  rate: z.number(),
  taxable: z.number(),
  tax: z.number(),
});
export type TaxDetail = z.infer<typeof taxDetailSchema>;

/** The quote's money after a tax calculation, every amount computed by the CRM. */
export const quoteTaxSchema = z.object({
  quoteId: z.string(),
  taxStatus: z.enum(TAX_STATUSES),
  /** Why there is no tax yet, or what the tax service said (e.g. no sales tax collected in that country). */
  message: z.string().nullable(),
  currency: z.string(),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  /** Null while NotCalculated. */
  tax: z.number().nullable(),
  /** subtotal - discount + shipping + tax. */
  total: z.number(),
  details: z.array(taxDetailSchema),
});
export type QuoteTax = z.infer<typeof quoteTaxSchema>;

const addressPart = (max: number) => text().trim().max(max).default('');

// A storefront's setting may be cached like the catalogue; the quote's tax follows its every change.
export const TAX_CRM_TYPES = {
  /** Whether addresses are checked with the tax service on this storefront. */
  isAvataxAddressValidation: crmType({
    group: 'ecommerce',
    cacheable: true,
    method: 'GET',
    payload: z.object({ storefrontId: id }),
    answer: z.boolean(),
  }),
  /**
   * Checks an address with the tax service when the storefront has validation on and the country is a
   * tax-check country; otherwise answers nothing to say. Messages mean the address is invalid; a
   * validated address differing from the input is a suggestion to apply.
   */
  resolveAvataxAddress: crmType({
    group: 'ecommerce',
    cacheable: false,
    method: 'POST',
    payload: z.object({
      storefrontId: id,
      line1: addressPart(100),
      line2: addressPart(100),
      city: addressPart(50),
      region: addressPart(50),
      country: addressPart(50),
      postalCode: addressPart(11),
    }),
    answer: z.object({
      messages: z.array(avaTaxMessageSchema),
      validatedAddresses: z.array(addressInfoSchema),
    }),
  }),
  /**
   * Calculates the quote's tax (recordId: the quote) when it has a full shipping address and stores it with
   * the total; isCommit records it with the tax service as the order's, once however often it is asked.
   */
  calculateAvaTax: crmType({
    group: 'ecommerce',
    cacheable: false,
    method: 'POST',
    payload: z.object({ ...quoteScope, recordId: id, isCommit: z.boolean().default(false) }),
    answer: quoteTaxSchema,
  }),
};
