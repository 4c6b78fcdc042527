import { z } from 'zod';
import { PICKLIST_FIELDS } from './catalogue';

/** Field schemas shared by the CRM payloads of every area. */

/** An unpaired UTF-16 surrogate: not a character at all, so it cannot be stored or encoded as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TEXT_PROBLEM = 'must not contain a NUL character (\\u0000) or an unpaired UTF-16 surrogate';

/** Whether PostgreSQL can store the string as text: it refuses NUL, and a lone surrogate is no character. */
export function isStorableText(value: string): boolean {
  return !value.includes('\0') && !LONE_SURROGATE.test(value);
}

/**
 * Every string a CRM payload takes starts here (crm-payload-text.test walks the table to hold that), so a
 * NUL or a lone surrogate is a 400 naming its field instead of a database error. It aborts the field's other
 * checks, so the refusal says only this and never echoes the value.
 */
export const text = () => z.string().refine(isStorableText, { message: TEXT_PROBLEM, abort: true });

export const id = text().trim().min(1, 'must not be empty').max(64);

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
  guestCartSecret: text().min(32, 'is too short').max(128).optional(),
};

/** A line quantity; the upper bound keeps line totals inside numeric(12,2). */
export const quantity = (min: number, problem: string) =>
  z.coerce.number().int('must be a whole number').min(min, problem).max(100_000);

/** Catalogue filters: values per picklist field. */
export const catalogueFilters = z
  .partialRecord(z.enum(PICKLIST_FIELDS), z.array(text().max(200)).max(50))
  .default({});
