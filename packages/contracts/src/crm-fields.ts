import { z } from 'zod';
import { PICKLIST_FIELDS } from './catalogue';

/** Field schemas shared by the CRM payloads of every area. */
export const id = z.string().trim().min(1, 'must not be empty').max(64);

/** What catalogue types act for: one account of one storefront. */
export const catalogueScope = {
  storefrontId: id,
  accountId: id,
};

/**
 * Every quote type acts for one account of one storefront, and one contact of it; a quote of another account
 * or contact is refused (403). A guest's cart is found by the secret of that guest's session (an http-only cookie the gateway forwards),
 * never by the shared guest account alone.
 */
export const quoteScope = {
  ...catalogueScope,
  /** The signed-in user's contact: each contact of an account has a cart of its own. */
  contactId: id.optional(),
  guestCartSecret: z.string().min(32, 'is too short').max(128).optional(),
};

/** A line quantity; the upper bound keeps line totals inside numeric(12,2). */
export const quantity = (min: number, problem: string) =>
  z.coerce.number().int('must be a whole number').min(min, problem).max(100_000);

/** Catalogue filters: values per picklist field. */
export const catalogueFilters = z
  .partialRecord(z.enum(PICKLIST_FIELDS), z.array(z.string().max(200)).max(50))
  .default({});
