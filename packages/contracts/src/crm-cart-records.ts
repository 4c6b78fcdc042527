import { z } from 'zod';
import { PICKLIST_FIELDS } from './catalogue';
import type { CallType, CrmGroup, QuoteLine, QuoteStatus, QuoteSummary } from './crm';
import { catalogueFilters, catalogueScope, id, quoteScope } from './crm-fields';

/**
 * The cart's record and list types of spec C§7 (their payloads are "not shown" there; the design is in
 * docs/decisions/0006-cart-record-types.md). Merged into the contract's crmPayloads and CRM_TYPES.
 */

/** The columns of the cart table, in display order; getTranslationHeaders labels them. */
export const CART_COLUMNS = [
  'sku',
  'name',
  'unit',
  'qty',
  'unitPrice',
  'listPrice',
  'lineTotal',
  'promoDiscount',
  'category',
  ...PICKLIST_FIELDS,
] as const;
export type CartColumn = (typeof CART_COLUMNS)[number];

/** The objects getRecord and updateRecord serve: the account's quotes and their lines. */
export const RECORD_OBJECTS = ['Quote', 'QuoteLineItem'] as const;
export type RecordObject = (typeof RECORD_OBJECTS)[number];

/**
 * The fields updateRecord may write, per object: labels the account gives its own records. Everything
 * else (prices, totals, status, checkout fields) is written only by the types that own it.
 */
const recordName = z.string().trim().max(120, 'must be at most 120 characters').nullable();
const recordNotes = z.string().trim().max(2000, 'must be at most 2000 characters').nullable();
const someFields = <T extends object>(fields: T) => Object.keys(fields).length > 0;
const writableFields = {
  Quote: z
    .strictObject({ name: recordName, notes: recordNotes })
    .partial()
    .refine(someFields, 'must name at least one field (writable: name, notes)'),
  QuoteLineItem: z
    .strictObject({ notes: recordNotes })
    .partial()
    .refine(someFields, 'must name at least one field (writable: notes)'),
} as const;

/** The fields getRecord may read, per object. */
export const READABLE_FIELDS = {
  Quote: [
    'id',
    'name',
    'notes',
    'status',
    'checkedOut',
    'currency',
    'subtotal',
    'discount',
    'total',
    'poNumber',
    'createdAt',
    'modifiedAt',
  ],
  QuoteLineItem: [
    'id',
    'quoteId',
    'catalogItemId',
    'qty',
    'unitPrice',
    'lineTotal',
    'promoDiscount',
    'notes',
  ],
} as const satisfies Record<RecordObject, readonly string[]>;

/** What a lookup field may search: records of the account's own catalogue. */
export const LOOKUP_OBJECTS = ['CatalogItem', 'Category'] as const;
export type LookupObject = (typeof LOOKUP_OBJECTS)[number];
export const MAX_SAVED_FILTERS = 50;

const page = z.coerce.number().int().min(1).default(1);
const searchText = z.string().trim().max(200);
const recordRef = { ...quoteScope, objectApiName: z.enum(RECORD_OBJECTS), recordId: id };

export const cartRecordPayloads = {
  /** The cart table's column labels in a locale ('de_DE' reads as 'de-DE'); unknown locales get en-US. */
  getTranslationHeaders: z.object({ locale: z.string().trim().max(35).default('en-US') }),
  /** What the cart shows of each line's item; qliIds narrows to those lines (all lines when omitted). */
  getLineItemAttributesNG: z.object({
    ...quoteScope,
    quoteId: id,
    qliIds: z.array(id).min(1, 'must name at least one line').max(200).optional(),
  }),
  /**
   * Attributes of catalogue items; objectId is the account's catalogue (items of it) or one of its quotes
   * (items on its lines). Items outside that object are left out.
   */
  getAttributesOfItems: z.object({
    ...quoteScope,
    itemIds: z.array(id).min(1, 'must name at least one item').max(200),
    objectId: id,
  }),
  /** The account's quotes ("my carts"), filtered, newest first within each status, paged. */
  getGroupedFilteredList: z.object({
    ...quoteScope,
    statuses: z
      .array(z.enum(['Active', 'Inactive']))
      .max(2)
      .optional(),
    checkedOut: z.boolean().optional(),
    /** Matches the quote's name, PO number or id. */
    searchText: searchText.optional(),
    page,
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
  /** The lines (rows) of one listed quote. */
  getRowItems: z.object({ ...quoteScope, quoteId: id }),
  /** Reads allow-listed fields of an own quote or quote line; fields omitted: all readable ones. */
  getRecord: z
    .object({ ...recordRef, fields: z.array(z.string().max(64)).min(1).max(20).optional() })
    .superRefine((payload, ctx) => {
      const readable: readonly string[] = READABLE_FIELDS[payload.objectApiName];
      payload.fields?.forEach((field, index) => {
        if (!readable.includes(field)) {
          ctx.addIssue({
            code: 'custom',
            path: ['fields', index],
            message: `'${field}' is not a readable field of ${payload.objectApiName} (readable: ${readable.join(', ')})`,
          });
        }
      });
    }),
  /** Writes the allow-listed fields (null clears one) of an own quote or quote line. */
  updateRecord: z.discriminatedUnion('objectApiName', [
    z.object({ ...recordRef, objectApiName: z.literal('Quote'), fields: writableFields.Quote }),
    z.object({
      ...recordRef,
      objectApiName: z.literal('QuoteLineItem'),
      fields: writableFields.QuoteLineItem,
    }),
  ]),
  /** Records of the account's catalogue whose name (or SKU) contains the text, for a lookup field. */
  getLookupRecords: z.object({
    ...catalogueScope,
    objectApiName: z.enum(LOOKUP_OBJECTS),
    searchText: searchText.min(1, 'must not be empty'),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  }),
  /** Saves the catalogue filters under a name; saving a name again replaces that filter. */
  saveECatalogFilters: z.object({
    ...catalogueScope,
    name: z.string().trim().min(1, 'must not be empty').max(80),
    categoryId: id.optional(),
    searchText: searchText.optional(),
    filters: catalogueFilters,
  }),
  /** One saved filter of the account, by its id (ecfr). */
  getSavedFilter: z.object({ ...catalogueScope, ecfr: id }),
  /** The quote's lines as a CSV file, one row per line with the prices the CRM computed. */
  exportToCSV: z.object({ ...quoteScope, quoteId: id }),
} as const;

export const CART_RECORD_TYPES: Record<
  keyof typeof cartRecordPayloads,
  { method: CallType; group: CrmGroup; cacheable: boolean }
> = {
  // Labels and catalogue lookups are the same for every user of an account; the rest is per owner or quote.
  getTranslationHeaders: { method: 'POST', group: 'ecommerce', cacheable: true },
  getLineItemAttributesNG: { method: 'POST', group: 'ecommerce', cacheable: false },
  getAttributesOfItems: { method: 'POST', group: 'ecommerce', cacheable: false },
  getGroupedFilteredList: { method: 'POST', group: 'ecommerce', cacheable: false },
  getRowItems: { method: 'POST', group: 'ecommerce', cacheable: false },
  updateRecord: { method: 'POST', group: 'ecommerce', cacheable: false },
  getRecord: { method: 'POST', group: 'ecommerce', cacheable: false },
  getLookupRecords: { method: 'POST', group: 'ecommerce', cacheable: true },
  saveECatalogFilters: { method: 'POST', group: 'ecommerce', cacheable: false },
  getSavedFilter: { method: 'GET', group: 'ecommerce', cacheable: false },
  exportToCSV: { method: 'POST', group: 'ecommerce', cacheable: false },
};

/** getTranslationHeaders' answer: the locale the labels are in, and a label per cart column. */
export interface TranslationHeaders {
  locale: string;
  headers: Record<CartColumn, string>;
}

/** What the cart and lists show of a catalogue item beyond its name and price. */
export interface ItemAttributes {
  itemId: string;
  sku: string;
  name: string;
  unit: string;
  category: { id: string; name: string };
  /** The picklist attributes the item has (Application, Format, Species, Conjugate, Brand). */
  attributes: Record<string, string>;
}

/** getLineItemAttributesNG's answer: one entry per line, in the cart's order. */
export interface LineItemAttributes {
  quoteId: string;
  lines: (ItemAttributes & { qliId: string })[];
}

/** getAttributesOfItems' answer: the requested items found in the object, in the order asked. */
export interface AttributesOfItems {
  objectId: string;
  items: ItemAttributes[];
}

/** A quote in the account's list. */
export interface QuoteListEntry extends QuoteSummary {
  name: string | null;
  poNumber: string | null;
  lineCount: number;
}

/** getGroupedFilteredList's answer: the page's quotes grouped by status, each group with its full count. */
export interface GroupedQuoteList {
  total: number;
  page: number;
  pageSize: number;
  groups: { status: QuoteStatus; count: number; quotes: QuoteListEntry[] }[];
}

/** getRowItems' answer. */
export interface QuoteRows {
  quoteId: string;
  currency: string;
  rows: QuoteLine[];
}

export type RecordValue = string | number | boolean | null;

/** getRecord's and updateRecord's answer: the record's readable fields asked for (all after an update). */
export interface RecordAnswer {
  objectApiName: RecordObject;
  id: string;
  fields: Record<string, RecordValue>;
}

/** getLookupRecords' answer: at most `limit` matches, best (name starting with the text) first. */
export interface LookupRecords {
  records: { id: string; label: string; sublabel: string | null }[];
}

/** A saved set of catalogue filters (saveECatalogFilters' and getSavedFilter's answer). */
export interface SavedFilter {
  id: string;
  name: string;
  catalogueId: string;
  categoryId: string | null;
  searchText: string | null;
  filters: Partial<Record<(typeof PICKLIST_FIELDS)[number], string[]>>;
  modifiedAt: string;
}

/** exportToCSV's answer: the file as text, ready to download. */
export interface CsvExport {
  fileName: string;
  contentType: 'text/csv';
  content: string;
  rowCount: number;
}
