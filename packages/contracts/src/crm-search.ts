import { z } from 'zod';
import { SUGGEST_MAX_CHARS, SUGGEST_MIN_CHARS } from './constants';
import { crmType } from './crm-base';
import { catalogueScope, id, text } from './crm-fields';

/**
 * Suggestions as the buyer types in the header's search box (issue 34): the catalogue's best products, the
 * categories whose name matches and the signed-in buyer's recent searches. The account decides the catalogue
 * and its prices, so another account's catalogue never shows through.
 */

const searchText = text()
  .trim()
  .min(SUGGEST_MIN_CHARS, `must be at least ${SUGGEST_MIN_CHARS} characters`)
  .max(SUGGEST_MAX_CHARS, `must be at most ${SUGGEST_MAX_CHARS} characters`);

export const productSuggestionSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  slug: z.string(),
  productTemplateId: z.string(),
  imageUrl: z.string(),
  /** The price this account pays for one unit, formatted as the product list shows it. */
  formattedPrice: z.string(),
});
export type ProductSuggestion = z.infer<typeof productSuggestionSchema>;

export const categorySuggestionSchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type CategorySuggestion = z.infer<typeof categorySuggestionSchema>;

export const searchSuggestionsSchema = z.object({
  products: z.array(productSuggestionSchema),
  categories: z.array(categorySuggestionSchema),
  /** The buyer's recent searches starting with the text, newest first; none for a guest. */
  recent: z.array(z.string()),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

export const SEARCH_CRM_TYPES = {
  getSearchSuggestions: crmType({
    group: 'ecommerce',
    // The recent searches are the contact's own: never one answer for a whole account.
    cacheable: false,
    method: 'POST',
    payload: z.object({ ...catalogueScope, contactId: id.optional(), text: searchText }),
    answer: searchSuggestionsSchema,
  }),
  /**
   * A search page was run: its text joins the contact's recent searches (the newest kept, once each). The
   * contact is the gateway's to bind; without one (a guest) the CRM refuses.
   */
  recordRecentSearch: crmType({
    group: 'ecommerce',
    cacheable: false,
    method: 'POST',
    payload: z.object({ ...catalogueScope, contactId: id.optional(), text: searchText }),
    answer: z.object({ recent: z.array(z.string()) }),
  }),
};
