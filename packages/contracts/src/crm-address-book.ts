import { z } from 'zod';
import { type AddressFieldConfig, addressFieldConfigSchema } from './address-rules';
import { ADDRESS_TEXT_LIMIT, addressRecordSchema, saveAddressAnswerSchema } from './crm-addresses';
import { crmType } from './crm-base';
import { catalogueScope, id, text } from './crm-fields';

/**
 * The account's address book and shipping preferences (/billing/shippingaddress, /billing/shippingmethods;
 * docs/decisions/0032-address-book-and-shipping-preferences.md). The book is the checkout's: the same
 * locations, the same C§5 rules (address-rules.ts) and the same refusal answer as saveAddress; these types only
 * add what checkout cannot do without a quote (change, delete, make default) and the account's preferred way to
 * ship, which checkout's shipping method step starts from.
 */

/**
 * The rules the address book checks, in the browser and in the CRM: checkout's defaults plus a required phone
 * (a courier calls the lab) and line lengths a shipping label holds.
 */
export const ADDRESS_BOOK_FIELDS: AddressFieldConfig = addressFieldConfigSchema.parse({
  address: { required: true, maxLength: 60 },
  address2: { required: false, maxLength: 40 },
  phone: { required: true },
});

const bookText = text().max(ADDRESS_TEXT_LIMIT).default('');

/** The preferred carrier and service, and the account's own carrier account number; null: none chosen. */
export const shippingPreferencesSchema = z.object({
  carrier: z.string().nullable(),
  service: z.string().nullable(),
  carrierAccountNumber: z.string().nullable(),
});
export type ShippingPreferences = z.infer<typeof shippingPreferencesSchema>;

/** Letters, digits and dashes, as checkout takes a customer carrier account (crm-shipping.ts). */
export const CARRIER_ACCOUNT_PATTERN = /^[A-Za-z0-9-]{4,32}$/;

export const SHIPPING_PREFERENCE_MESSAGES = {
  carrierAccountNumber: 'Enter 4 to 32 letters, digits or dashes.',
  service: 'Choose a service of the carrier.',
  ownCarrierNotAllowed: 'This storefront does not ship on customer carrier accounts.',
} as const;

const bookRow = { group: 'ecommerce', cacheable: false } as const;
const locationId = { ...catalogueScope, locationId: id };

export const ADDRESS_BOOK_CRM_TYPES = {
  /** The account's own billing and shipping address and its locations (default first). */
  getAddressBook: crmType({
    ...bookRow,
    method: 'POST',
    payload: z.object(catalogueScope),
    answer: z.object({
      billing: addressRecordSchema.nullable(),
      shipping: addressRecordSchema.nullable(),
      locations: z.array(addressRecordSchema.extend({ isDefault: z.boolean() })),
    }),
  }),
  /** Adds a location (no locationId) or changes one of the account's; a broken C§5 rule writes nothing. */
  saveAccountLocation: crmType({
    ...bookRow,
    method: 'POST',
    payload: z.object({
      ...catalogueScope,
      locationId: id.optional(),
      locName: bookText,
      address: bookText,
      address2: bookText,
      city: bookText,
      state: bookText,
      zip: bookText,
      country: bookText,
      firstName: bookText,
      lastName: bookText,
      phone: bookText,
      email: bookText,
    }),
    answer: saveAddressAnswerSchema,
  }),
  deleteAccountLocation: crmType({
    ...bookRow,
    method: 'POST',
    payload: z.object(locationId),
    answer: z.object({ locationId: z.string() }),
  }),
  /** Makes the location the account's default (the one checkout lists first); the old default stops being it. */
  setDefaultAccountLocation: crmType({
    ...bookRow,
    method: 'POST',
    payload: z.object(locationId),
    answer: z.object({ locationId: z.string() }),
  }),
  getShippingPreferences: crmType({
    ...bookRow,
    method: 'POST',
    payload: z.object(catalogueScope),
    /** With whether the storefront ships on customer carrier accounts (C§3 shipping settings). */
    answer: shippingPreferencesSchema.extend({ allowCustomerShippingAccount: z.boolean() }),
  }),
  /** Every field empty clears the preference; a carrier account number needs the storefront's permission. */
  saveShippingPreferences: crmType({
    ...bookRow,
    method: 'POST',
    payload: z.object({
      ...catalogueScope,
      carrier: text().trim().max(80).default(''),
      service: text().trim().max(80).default(''),
      carrierAccountNumber: text().trim().max(64).default(''),
    }),
    answer: z.discriminatedUnion('saveStatus', [
      z.object({ saveStatus: z.literal('SUCCESS'), preferences: shippingPreferencesSchema }),
      z.object({
        saveStatus: z.literal('ERROR'),
        message: z.string(),
        field: z.enum(['carrier', 'service', 'carrierAccountNumber']),
      }),
    ]),
  }),
};
