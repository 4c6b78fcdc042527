import { z } from 'zod';
import { crmType } from './crm-base';
import { catalogueScope, id, quantity, text } from './crm-fields';
import { QUICK_ORDER_PROBLEMS } from './crm-quick-order';
import { quoteItemsSchema } from './crm-quotes';

/**
 * Requisition lists (issue 33; docs/decisions/0062-requisition-lists.md): a signed-in buyer's named lists of
 * SKUs and quantities, kept private or shared with the account (read-only, or editable by everyone in it),
 * priced for the acting account whenever they are read and added to the cart through the cart's own pricing.
 * Every type acts for one account of one storefront and one contact, all bound by the gateway from the principal.
 */

/** The buyer's lists page and one list's page. */
export const REQUISITION_LISTS_PATH = '/billing/lists';
export function requisitionListPath(listId: string): string {
  return `${REQUISITION_LISTS_PATH}/${encodeURIComponent(listId)}`;
}

/** Most lists one buyer owns, and most lines one list holds: a list is a kit, not a catalogue. */
export const MAX_LISTS_PER_OWNER = 50;
export const MAX_LINES_PER_LIST = 200;
export const LIST_NAME_MAX = 80;

/** Who else in the account sees a list: nobody, everyone (read-only), or everyone who may also change it. */
export const LIST_SHARING = ['private', 'read', 'edit'] as const;
export type ListSharing = (typeof LIST_SHARING)[number];
export const LIST_SHARING_LABELS: Record<ListSharing, string> = {
  private: 'Private',
  read: 'Shared, read-only',
  edit: 'Shared, editable by everyone',
};

export const listName = text()
  .trim()
  .min(1, 'must not be empty')
  .max(LIST_NAME_MAX, `must be at most ${LIST_NAME_MAX} characters`);

/** What the caller may do with a list: read it (every list they see), change its lines, or manage it (owner). */
const rightsSchema = z.object({ canEdit: z.boolean(), isOwner: z.boolean() });

export const requisitionListSummarySchema = rightsSchema.extend({
  listId: z.string(),
  name: z.string(),
  sharing: z.enum(LIST_SHARING),
  ownerName: z.string(),
  lineCount: z.number().int().nonnegative(),
  updatedAt: z.string(),
});
export type RequisitionListSummary = z.infer<typeof requisitionListSummarySchema>;

/** A line as the list page shows it: priced now for the acting account, or why it cannot be ordered. */
export const requisitionListLineSchema = z.object({
  lineId: z.string(),
  sku: z.string(),
  qty: z.number().int().positive(),
  /** The catalogue's name; null when the account's catalogue does not sell it. */
  name: z.string().nullable(),
  unit: z.string().nullable(),
  unitPrice: z.number().nullable(),
  lineTotal: z.number().nullable(),
  /** Stock per warehouse as the product page reads it; null when none is recorded. */
  stock: z
    .array(z.object({ warehouse: z.string(), quantity: z.number(), leadTimeDays: z.number() }))
    .nullable(),
  problem: z.enum(QUICK_ORDER_PROBLEMS).nullable(),
  /** What the buyer can do about the problem (quick order's message). */
  message: z.string().nullable(),
});
export type RequisitionListLine = z.infer<typeof requisitionListLineSchema>;

export const requisitionListSchema = requisitionListSummarySchema.extend({
  currency: z.string(),
  lines: z.array(requisitionListLineSchema),
});
export type RequisitionList = z.infer<typeof requisitionListSchema>;

/**
 * The caller's contact, bound by the gateway from the signed-in user (the page never names it): the owner of what
 * they make, and whose private lists they see. Optional here as the gateway drops it for a user without one; the
 * CRM refuses a call without it.
 */
const caller = { ...catalogueScope, contactId: id.optional() };
const listRef = { ...caller, listId: id };
const lineIds = z.array(id).max(MAX_LINES_PER_LIST);

/** A SKU and quantity to keep on a list (a product page's, a cart's, an order's or quick order's lines). */
export const listEntrySchema = z.object({
  sku: text().trim().min(1, 'must not be empty').max(64),
  qty: quantity(1, 'must be at least 1'),
});

// Lists change whenever a colleague edits them and prices whenever the catalogue does: nothing is cached.
const row = { group: 'billingportal', cacheable: false } as const;

export const REQUISITION_LIST_CRM_TYPES = {
  /** The caller's own lists and those colleagues share with the account, most recently changed first. */
  getRequisitionLists: crmType({
    ...row,
    method: 'GET',
    payload: z.object(caller),
    answer: z.object({ lists: z.array(requisitionListSummarySchema), maxLists: z.number() }),
  }),
  /** One list with its lines priced and their availability; another account's, or a colleague's private: 403. */
  getRequisitionList: crmType({
    ...row,
    method: 'GET',
    payload: z.object(listRef),
    answer: requisitionListSchema,
  }),
  /** A new private list of the caller's. */
  createRequisitionList: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...caller, name: listName }),
    answer: requisitionListSummarySchema,
  }),
  /** Renames a list or changes its sharing: its owner's alone. */
  updateRequisitionList: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...listRef, name: listName.optional(), sharing: z.enum(LIST_SHARING).optional() }),
    answer: requisitionListSummarySchema,
  }),
  /** Deletes a list with its lines: its owner's alone. */
  deleteRequisitionList: crmType({
    ...row,
    method: 'POST',
    payload: z.object(listRef),
    answer: z.object({ deleted: z.literal(true) }),
  }),
  /** A private copy of a list the caller sees, theirs. */
  duplicateRequisitionList: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...listRef, name: listName.optional() }),
    answer: requisitionListSummarySchema,
  }),
  /**
   * Adds entries to a list the caller may change, or to a new list of theirs when `newListName` is given; a SKU
   * already on it gets the quantities added. SKUs the account cannot order are kept out, each with its reason.
   */
  addToRequisitionList: crmType({
    ...row,
    method: 'POST',
    payload: z
      .object({
        ...caller,
        listId: id.optional(),
        newListName: listName.optional(),
        entries: z.array(listEntrySchema).min(1, 'must name at least one SKU').max(MAX_LINES_PER_LIST),
      })
      .refine((payload) => (payload.listId === undefined) !== (payload.newListName === undefined), {
        message: 'name either a list or a new list’s name',
        path: ['listId'],
      }),
    answer: z.object({
      list: requisitionListSummarySchema,
      added: z.number().int().nonnegative(),
      refused: z.array(z.object({ sku: z.string(), message: z.string() })),
    }),
  }),
  /** Sets the quantities of lines of a list the caller may change. */
  updateRequisitionListLines: crmType({
    ...row,
    method: 'POST',
    payload: z.object({
      ...listRef,
      lines: z
        .array(z.object({ lineId: id, qty: quantity(1, 'must be at least 1') }))
        .min(1)
        .max(MAX_LINES_PER_LIST),
    }),
    answer: requisitionListSchema,
  }),
  /** Removes lines of a list the caller may change. */
  removeRequisitionListLines: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...listRef, lineIds: lineIds.min(1, 'choose at least one line') }),
    answer: requisitionListSchema,
  }),
  /**
   * Adds the list's lines (or the chosen ones) to the caller's cart, priced by the cart as any add is. Lines the
   * account cannot order are left out and named with the reason; the rest are added.
   */
  addRequisitionListToCart: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...listRef, lineIds: lineIds.optional() }),
    answer: quoteItemsSchema.extend({
      added: z.number().int().nonnegative(),
      refused: z.array(z.object({ lineId: z.string(), sku: z.string(), message: z.string() })),
    }),
  }),
};
