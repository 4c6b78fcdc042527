import { z } from 'zod';
import { PICKLIST_FIELDS } from './catalogue';
import { crmType } from './crm-base';
import { catalogueFilters, catalogueScope, id, quoteScope, text } from './crm-fields';
import { QUOTE_STATUSES, quoteLineSchema, quoteSummarySchema } from './crm-quotes';

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
const recordName = text().trim().max(120, 'must be at most 120 characters').nullable();
const recordNotes = text().trim().max(2000, 'must be at most 2000 characters').nullable();
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

/**
 * Column and field data types of record pages (spec P§3); STRING and BOOLEAN are shown as they are, the others
 * formatted in the viewer's locale.
 */
export const RECORD_DATA_TYPES = [
  'STRING',
  'BOOLEAN',
  'DATETIME',
  'TIME',
  'DOUBLE',
  'DECIMAL',
  'CURRENCY',
  'DATE',
] as const;
export type RecordDataType = (typeof RECORD_DATA_TYPES)[number];

/** The fields getRecord may read, per object, with their labels and data types (getRecord's fieldsMetadata). */
export const RECORD_FIELDS = {
  Quote: {
    id: ['Quote number', 'STRING'],
    name: ['Name', 'STRING'],
    notes: ['Notes', 'STRING'],
    status: ['Status', 'STRING'],
    checkedOut: ['Ordered', 'BOOLEAN'],
    currency: ['Currency', 'STRING'],
    subtotal: ['Subtotal', 'CURRENCY'],
    discount: ['Discount', 'CURRENCY'],
    total: ['Total', 'CURRENCY'],
    poNumber: ['PO number', 'STRING'],
    createdAt: ['Created', 'DATETIME'],
    modifiedAt: ['Last modified', 'DATETIME'],
  },
  QuoteLineItem: {
    id: ['Line', 'STRING'],
    quoteId: ['Quote number', 'STRING'],
    catalogItemId: ['Item', 'STRING'],
    qty: ['Quantity', 'DOUBLE'],
    unitPrice: ['Unit price', 'CURRENCY'],
    lineTotal: ['Line total', 'CURRENCY'],
    promoDiscount: ['Promo discount', 'CURRENCY'],
    notes: ['Notes', 'STRING'],
  },
} as const satisfies Record<RecordObject, Record<string, readonly [string, RecordDataType]>>;

/** The fields getRecord may read, per object. */
export const READABLE_FIELDS = {
  Quote: Object.keys(RECORD_FIELDS.Quote) as (keyof typeof RECORD_FIELDS.Quote)[],
  QuoteLineItem: Object.keys(RECORD_FIELDS.QuoteLineItem) as (keyof typeof RECORD_FIELDS.QuoteLineItem)[],
} satisfies Record<RecordObject, readonly string[]>;

/** What a lookup field may search: records of the account's own catalogue. */
export const LOOKUP_OBJECTS = ['CatalogItem', 'Category'] as const;
export type LookupObject = (typeof LOOKUP_OBJECTS)[number];
export const MAX_SAVED_FILTERS = 50;

const page = z.coerce.number().int().min(1).default(1);
const searchText = text().trim().max(200);
const recordRef = { ...quoteScope, objectApiName: z.enum(RECORD_OBJECTS), recordId: id };

/** getTranslationHeaders' answer: the locale the labels are in, and a label per cart column. */
const translationHeadersSchema = z.object({
  locale: z.string(),
  headers: z.record(z.enum(CART_COLUMNS), z.string()),
});
export type TranslationHeaders = z.infer<typeof translationHeadersSchema>;

/** What the cart and lists show of a catalogue item beyond its name and price. */
const itemAttributesSchema = z.object({
  itemId: z.string(),
  sku: z.string(),
  name: z.string(),
  unit: z.string(),
  category: z.object({ id: z.string(), name: z.string() }),
  /** The picklist attributes the item has (Application, Format, Species, Conjugate, Brand). */
  attributes: z.record(z.string(), z.string()),
});
export type ItemAttributes = z.infer<typeof itemAttributesSchema>;

/** getLineItemAttributesNG's answer: one entry per line, in the cart's order. */
const lineItemAttributesSchema = z.object({
  quoteId: z.string(),
  lines: z.array(itemAttributesSchema.extend({ qliId: z.string() })),
});
export type LineItemAttributes = z.infer<typeof lineItemAttributesSchema>;

/** getAttributesOfItems' answer: the requested items found in the object, in the order asked. */
const attributesOfItemsSchema = z.object({ objectId: z.string(), items: z.array(itemAttributesSchema) });
export type AttributesOfItems = z.infer<typeof attributesOfItemsSchema>;

/** A quote in the account's list. */
const quoteListEntrySchema = quoteSummarySchema.extend({
  name: z.string().nullable(),
  poNumber: z.string().nullable(),
  lineCount: z.number(),
  /** The order the quote became (checkedOut); null while it is a cart or a quote. */
  orderNumber: z.string().nullable(),
});
export type QuoteListEntry = z.infer<typeof quoteListEntrySchema>;

/** getGroupedFilteredList's answer: the page's quotes grouped by status, each group with its full count. */
const groupedQuoteListSchema = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  groups: z.array(
    z.object({ status: z.enum(QUOTE_STATUSES), count: z.number(), quotes: z.array(quoteListEntrySchema) }),
  ),
});
export type GroupedQuoteList = z.infer<typeof groupedQuoteListSchema>;

/** getRowItems' answer. */
const quoteRowsSchema = z.object({
  quoteId: z.string(),
  currency: z.string(),
  rows: z.array(quoteLineSchema),
});
export type QuoteRows = z.infer<typeof quoteRowsSchema>;

const recordValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type RecordValue = z.infer<typeof recordValueSchema>;

const fieldMetadataSchema = z.object({
  name: z.string(),
  label: z.string(),
  dataType: z.enum(RECORD_DATA_TYPES),
});
export type FieldMetadata = z.infer<typeof fieldMetadataSchema>;

/**
 * getRecord's and updateRecord's answer (spec P§7): the record's readable fields asked for (all after an
 * update) in recordData, and each one's label and data type in fieldsMetadata, in the order asked.
 */
const recordAnswerSchema = z.object({
  objectApiName: z.enum(RECORD_OBJECTS),
  id: z.string(),
  recordData: z.record(z.string(), recordValueSchema),
  fieldsMetadata: z.array(fieldMetadataSchema),
});
export type RecordAnswer = z.infer<typeof recordAnswerSchema>;

/** getLookupRecords' answer: at most `limit` matches, best (name starting with the text) first. */
const lookupRecordsSchema = z.object({
  records: z.array(z.object({ id: z.string(), label: z.string(), sublabel: z.string().nullable() })),
});
export type LookupRecords = z.infer<typeof lookupRecordsSchema>;

/** A saved set of catalogue filters (saveECatalogFilters' and getSavedFilter's answer, getSavedFilters' rows). */
const savedFilterSchema = z.object({
  id: z.string(),
  name: z.string(),
  catalogueId: z.string(),
  categoryId: z.string().nullable(),
  searchText: z.string().nullable(),
  filters: z.partialRecord(z.enum(PICKLIST_FIELDS), z.array(z.string())),
  modifiedAt: z.string(),
});
export type SavedFilter = z.infer<typeof savedFilterSchema>;

/** exportToCSV's answer: the file as text, ready to download. */
export const csvExportSchema = z.object({
  fileName: z.string(),
  contentType: z.literal('text/csv'),
  content: z.string(),
  rowCount: z.number(),
});
export type CsvExport = z.infer<typeof csvExportSchema>;

// Labels and catalogue lookups are the same for every user of an account; the rest is per owner or quote.
const perOwner = { group: 'ecommerce', cacheable: false } as const;
const shared = { group: 'ecommerce', cacheable: true } as const;

export const CART_RECORD_TYPES = {
  /** The cart table's column labels in a locale ('de_DE' reads as 'de-DE'); unknown locales get en-US. */
  getTranslationHeaders: crmType({
    ...shared,
    method: 'POST',
    payload: z.object({ locale: text().trim().max(35).default('en-US') }),
    answer: translationHeadersSchema,
  }),
  /** What the cart shows of each line's item; qliIds narrows to those lines (all lines when omitted). */
  getLineItemAttributesNG: crmType({
    ...perOwner,
    method: 'POST',
    payload: z.object({
      ...quoteScope,
      quoteId: id,
      qliIds: z.array(id).min(1, 'must name at least one line').max(200).optional(),
    }),
    answer: lineItemAttributesSchema,
  }),
  /**
   * Attributes of catalogue items; objectId is the account's catalogue (items of it) or one of its quotes
   * (items on its lines). Items outside that object are left out.
   */
  getAttributesOfItems: crmType({
    ...perOwner,
    method: 'POST',
    payload: z.object({
      ...quoteScope,
      itemIds: z.array(id).min(1, 'must name at least one item').max(200),
      objectId: id,
    }),
    answer: attributesOfItemsSchema,
  }),
  /** The account's quotes ("my carts"), filtered, newest first within each status, paged. */
  getGroupedFilteredList: crmType({
    ...perOwner,
    method: 'POST',
    payload: z.object({
      ...quoteScope,
      statuses: z.array(z.enum(QUOTE_STATUSES)).max(QUOTE_STATUSES.length).optional(),
      checkedOut: z.boolean().optional(),
      /** Sorts each status's quotes by createdAt this way (spec P§3); unset: the most recently changed first. */
      sortDirection: z.enum(['ASC', 'DESC']).optional(),
      /** Matches the quote's name, PO number or id. */
      searchText: searchText.optional(),
      page,
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    answer: groupedQuoteListSchema,
  }),
  /** The lines (rows) of one listed quote. */
  getRowItems: crmType({
    ...perOwner,
    method: 'POST',
    payload: z.object({ ...quoteScope, quoteId: id }),
    answer: quoteRowsSchema,
  }),
  /** Writes the allow-listed fields (null clears one) of an own quote or quote line. */
  updateRecord: crmType({
    ...perOwner,
    method: 'POST',
    payload: z.discriminatedUnion('objectApiName', [
      z.object({ ...recordRef, objectApiName: z.literal('Quote'), fields: writableFields.Quote }),
      z.object({
        ...recordRef,
        objectApiName: z.literal('QuoteLineItem'),
        fields: writableFields.QuoteLineItem,
      }),
    ]),
    answer: recordAnswerSchema,
  }),
  /**
   * Reads allow-listed fields of an own quote or quote line, named as spec P§7 names them: the object
   * (objectName), its id (objectId) and the fields to read (displayFields; omitted: all readable ones).
   */
  getRecord: crmType({
    ...perOwner,
    method: 'POST',
    payload: z
      .object({
        ...quoteScope,
        objectName: z.enum(RECORD_OBJECTS),
        objectId: id,
        displayFields: z.array(text().max(64)).min(1).max(20).optional(),
      })
      .superRefine((payload, ctx) => {
        const readable: readonly string[] = READABLE_FIELDS[payload.objectName];
        payload.displayFields?.forEach((field, index) => {
          if (!readable.includes(field)) {
            ctx.addIssue({
              code: 'custom',
              path: ['displayFields', index],
              message: `'${field}' is not a readable field of ${payload.objectName} (readable: ${readable.join(', ')})`,
            });
          }
        });
      }),
    answer: recordAnswerSchema,
  }),
  /** Records of the account's catalogue whose name (or SKU) contains the text, for a lookup field. */
  getLookupRecords: crmType({
    ...shared,
    method: 'POST',
    payload: z.object({
      ...catalogueScope,
      objectApiName: z.enum(LOOKUP_OBJECTS),
      searchText: searchText.min(1, 'must not be empty'),
      limit: z.coerce.number().int().min(1).max(50).default(10),
    }),
    answer: lookupRecordsSchema,
  }),
  /** Saves the catalogue filters under a name; saving a name again replaces that filter. */
  saveECatalogFilters: crmType({
    ...perOwner,
    method: 'POST',
    payload: z.object({
      ...catalogueScope,
      name: text().trim().min(1, 'must not be empty').max(80),
      categoryId: id.optional(),
      searchText: searchText.optional(),
      filters: catalogueFilters,
    }),
    answer: savedFilterSchema,
  }),
  /** The account's saved filters of its catalogue, last saved first: what a buyer picks one from. */
  getSavedFilters: crmType({
    ...perOwner,
    method: 'GET',
    payload: z.object(catalogueScope),
    answer: z.array(savedFilterSchema),
  }),
  /** One saved filter of the account, by its id (ecfr). */
  getSavedFilter: crmType({
    ...perOwner,
    method: 'GET',
    payload: z.object({ ...catalogueScope, ecfr: id }),
    answer: savedFilterSchema,
  }),
  /** The quote's lines as a CSV file, one row per line with the prices the CRM computed. */
  exportToCSV: crmType({
    ...perOwner,
    method: 'POST',
    payload: z.object({ ...quoteScope, quoteId: id }),
    answer: csvExportSchema,
  }),
};
