import { z } from 'zod';
import { crmType } from './crm-base';
import { quantity, quoteScope, text } from './crm-fields';
import { quoteItemsSchema } from './crm-quotes';

/**
 * Quick order ("Upload Add", /uploadoptions): rows of SKU and quantity, from a pasted list or a CSV or XLSX
 * file, matched against the account's catalogue and priced by the CRM, then added to the cart in one step
 * (docs/decisions/0036-quick-order-and-cpq.md).
 */

/** Rows one check or add takes: a page of a large file, or a whole list; the page checks a file page by page. */
export const QUICK_ORDER_MAX_ROWS = 1000;
/** Rows the page sends per check call, so a large file shows its progress. */
export const QUICK_ORDER_PAGE_ROWS = 100;

/**
 * Why a row cannot be ordered: no such SKU, not in this account's catalogue, no longer sold, or an obsolete
 * part number another part replaced (its message names the successor).
 */
export const QUICK_ORDER_PROBLEMS = ['unknown', 'unavailable', 'discontinued', 'superseded'] as const;
export type QuickOrderProblem = (typeof QUICK_ORDER_PROBLEMS)[number];

export const quickOrderRowSchema = z.object({
  /** The row's line in what the buyer pasted or uploaded (1-based), so a message points at it. */
  line: z.coerce.number().int().min(1).max(1_000_000),
  sku: text().trim().min(1, 'must not be empty').max(64),
  qty: quantity(1, 'must be at least 1'),
});
export type QuickOrderRow = z.infer<typeof quickOrderRowSchema>;

const rows = z
  .array(quickOrderRowSchema)
  .min(1, 'must name at least one SKU')
  .max(QUICK_ORDER_MAX_ROWS, `must hold at most ${QUICK_ORDER_MAX_ROWS} rows`);

export const quickOrderResultSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('matched'),
    line: z.number(),
    sku: z.string(),
    qty: z.number(),
    catalogItemId: z.string(),
    name: z.string(),
    unit: z.string(),
    unitPrice: z.number(),
    lineTotal: z.number(),
  }),
  z.object({
    status: z.literal('problem'),
    line: z.number(),
    sku: z.string(),
    qty: z.number(),
    problem: z.enum(QUICK_ORDER_PROBLEMS),
    message: z.string(),
    /** The SKU to order instead (a superseded part's successor, a discontinued product's replacement). */
    successor: z.string().optional(),
  }),
]);
export type QuickOrderResult = z.infer<typeof quickOrderResultSchema>;

const quickOrderRow = { group: 'ecommerce', cacheable: false } as const;

export const QUICK_ORDER_CRM_TYPES = {
  /** Each row matched against the account's catalogue and priced at the quantity asked; nothing is written. */
  checkQuickOrder: crmType({
    ...quickOrderRow,
    method: 'POST',
    payload: z.object({ ...quoteScope, rows }),
    answer: z.object({ currency: z.string(), results: z.array(quickOrderResultSchema) }),
  }),
  /**
   * Adds every row to the cart (made when there is none) in one transaction under the cart's lock; a row that
   * does not match refuses the whole add, naming the row, so the cart never holds half a list.
   */
  addQuickOrder: crmType({
    ...quickOrderRow,
    method: 'POST',
    payload: z.object({ ...quoteScope, rows }),
    answer: quoteItemsSchema.extend({ added: z.number() }),
  }),
};
