import { z } from 'zod';
import {
  ACCOUNT_SELECTIONS,
  ADDRESS_FORM_FIELDS,
  ADDRESS_OBJECTS,
  ADDRESS_TYPES,
  type AddressObject,
} from './address-rules';
import { crmType } from './crm-base';
import { id, quoteScope, text } from './crm-fields';

/**
 * The checkout's address types of spec C§7 (getAddressRecords, saveAddress): the address book of the account
 * acted for (its own and, with HIERARCHY, its child accounts' addresses and locations) and the quote's
 * shipping, billing and deliver-to addresses. The rules a save must keep are in address-rules.ts.
 */

/** Longest text a saveAddress field takes; the configured line limits (at most 255) are checked within it. */
export const ADDRESS_TEXT_LIMIT = 1000;

/** The parts of a postal address; a part the source lacks is ''. */
const addressParts = {
  address: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
};

/** An address as the checkout shows it (spec C§3 address record). */
export const addressRecordSchema = z.object({
  /** The account's id for an account address, the location's id for a location. */
  id: z.string(),
  accountId: z.string(),
  locationId: z.string().nullable(),
  /** The account's name. */
  name: z.string(),
  locName: z.string().nullable(),
  ...addressParts,
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string(),
  addressType: z.enum(ADDRESS_TYPES),
  addressObject: z.enum(['Account', 'Location'] satisfies AddressObject[]),
  isBilling: z.boolean(),
  /** The address of a child account (listed with HIERARCHY). */
  isChild: z.boolean(),
  /** An install-base (ship-to) address; none of ours is one yet. */
  isIBAddress: z.boolean(),
});
export type AddressRecord = z.infer<typeof addressRecordSchema>;

/** The address the quote holds for one address type; every part '' when none was saved. */
export const quoteAddressSchema = z.object({
  quoteId: z.string(),
  addressType: z.enum(ADDRESS_TYPES),
  /** The account the address was chosen from (ship-to, bill-to or deliver-to account); null when typed in. */
  accountId: z.string().nullable(),
  locationId: z.string().nullable(),
  locName: z.string().nullable(),
  ...addressParts,
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
});
export type QuoteAddress = z.infer<typeof quoteAddressSchema>;

const addressRecordsSchema = z.object({
  lstAccount: z.array(addressRecordSchema),
  lstAccountChild: z.array(addressRecordSchema),
  lstLocation: z.array(addressRecordSchema),
  lstLocationChild: z.array(addressRecordSchema),
  /** The quote's saved address of this type, when a quoteId was given (the billing auto-save reads it). */
  quoteAddress: quoteAddressSchema.nullable(),
});
export type AddressRecords = z.infer<typeof addressRecordsSchema>;

/** A save either succeeded, or broke a rule of C§5: then the message and the form field it belongs to. */
export const saveAddressAnswerSchema = z.discriminatedUnion('saveStatus', [
  z.object({
    saveStatus: z.literal('SUCCESS'),
    /** The location saved onto the quote (new, updated or deleted); null for an account-level address. */
    locationId: z.string().nullable(),
    message: z.null(),
    error: z.null(),
    field: z.null(),
  }),
  z.object({
    saveStatus: z.literal('ERROR'),
    locationId: z.null(),
    /** The C§5 text, shown beside `field` (or above the form when the rule is about the whole address). */
    message: z.string(),
    error: z.literal('INVALID_ADDRESS'),
    field: z.enum(ADDRESS_FORM_FIELDS).nullable(),
  }),
]);
export type SaveAddressAnswer = z.infer<typeof saveAddressAnswerSchema>;

const addressText = text().max(ADDRESS_TEXT_LIMIT).default('');

// An address book changes with every save, and a quote shows its own writes at once: nothing is cached.
const addressRow = { group: 'ecommerce', cacheable: false } as const;

export const ADDRESS_CRM_TYPES = {
  /**
   * The addresses the account acted for may use for `addressType`: its own account address and locations
   * (default location first) and, with accountSelection HIERARCHY, those of its child accounts.
   * addressObject narrows to account addresses or locations.
   */
  getAddressRecords: crmType({
    ...addressRow,
    method: 'POST',
    payload: z.object({
      ...quoteScope,
      addressType: z.enum(ADDRESS_TYPES),
      accountSelection: z.enum(ACCOUNT_SELECTIONS).optional(),
      addressObject: z.enum(['Account', 'Location']).optional(),
      /** An own quote whose saved address of this type is answered too. */
      quoteId: id.optional(),
    }),
    answer: addressRecordsSchema,
  }),
  /**
   * Saves an address onto the quote (shipping, billing or deliver-to fields). Location picks one of the
   * account's locations, or adds one when no locationId is given; a picked location whose address was edited
   * is saved as an account-level address with the location fields cleared (C§4). UpdateLocation changes the
   * location and uses it; DeleteLocation removes it (and from the quote). parentAccount is the account the
   * address or location belongs to: the account acted for (default) or one of its child accounts. Without a
   * templateId the default address configuration applies.
   */
  saveAddress: crmType({
    ...addressRow,
    method: 'POST',
    payload: z.object({
      ...quoteScope,
      quoteId: id,
      address: addressText,
      address2: addressText,
      city: addressText,
      state: addressText,
      zip: addressText,
      country: addressText,
      parentAccount: id.optional(),
      addressObject: z.enum(ADDRESS_OBJECTS),
      addressType: z.enum(ADDRESS_TYPES),
      locationId: id.optional(),
      locName: addressText,
      /** 'First Last': first and last names hold no spaces (C§5), so the CRM checks each. */
      contactName: addressText,
      contactEmail: addressText,
      contactPhone: addressText,
      /** The checkout template whose address block's configuration decides the required fields (C§5). */
      templateId: id.optional(),
    }),
    answer: saveAddressAnswerSchema,
  }),
};
