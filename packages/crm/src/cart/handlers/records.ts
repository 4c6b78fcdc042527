import {
  type CrmPayload,
  type LookupRecords,
  READABLE_FIELDS,
  RECORD_FIELDS,
  type RecordAnswer,
  type RecordDataType,
  type RecordObject,
  type RecordValue,
} from '@storefront/contracts';
import { notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { accountScope } from '../../core/scope';
import {
  findLine,
  lookupCatalogueItems,
  lookupCategories,
  updateLineLabels,
  updateQuoteLabels,
} from '../queries/cart-records';
import { findQuote } from '../queries/quotes';
import { findOwnQuote } from './cart-records';
import { ownQuote, quoteScope } from './quote-access';

type RecordScope = Pick<CrmPayload<'getRecord'>, 'storefrontId' | 'accountId' | 'guestCartSecret'>;
/** An own record by its id, and the payload field that named it (for a refusal). */
interface RecordRef {
  scope: RecordScope;
  recordId: string;
  field: 'recordId' | 'objectId';
}

/** The readable fields of a record, dates as ISO strings, with their metadata; `fields` narrows them. */
function recordAnswer(
  objectApiName: RecordObject,
  row: Record<string, unknown> & { id: string },
  fields: readonly string[] = READABLE_FIELDS[objectApiName],
): RecordAnswer {
  const described: Record<string, readonly [string, RecordDataType]> = RECORD_FIELDS[objectApiName];
  const values = fields.map((field): [string, RecordValue] => {
    const value = row[field];
    return [field, value instanceof Date ? value.toISOString() : (value as RecordValue)];
  });
  const fieldsMetadata = fields.flatMap((name) => {
    const [label, dataType] = described[name] ?? [];
    return label && dataType ? [{ name, label, dataType }] : [];
  });
  return { objectApiName, id: row.id, recordData: Object.fromEntries(values), fieldsMetadata };
}

/** A quote line, if it is on one of the caller's own quotes. */
async function findOwnLine(ctx: HandlerContext, ref: RecordRef) {
  const scope = await quoteScope(ctx, ref.scope);
  const line = await findLine(ctx.db, ref.recordId);
  if (!line) throw notFound('there is no quote line with this id.', ref.field);
  ownQuote(await findQuote(ctx.db, line.quoteId), scope);
  return line;
}

/** The own record of the object named (404 when none, 403 when another owner's). */
function findOwnRecord(ctx: HandlerContext, object: RecordObject, ref: RecordRef) {
  return object === 'Quote' ? findOwnQuote(ctx, ref.scope, ref.recordId) : findOwnLine(ctx, ref);
}

export const getRecord: Handler<'getRecord'> = async (ctx, payload) => {
  const ref: RecordRef = { scope: payload, recordId: payload.objectId, field: 'objectId' };
  return recordAnswer(
    payload.objectName,
    await findOwnRecord(ctx, payload.objectName, ref),
    payload.displayFields,
  );
};

/**
 * Writes the labels an account gives its own quotes and lines. The contract allows only those fields, so
 * nothing priced or checkout-owned is writable here; labels may change after checkout, prices may not.
 */
export const updateRecord: Handler<'updateRecord'> = async (ctx, payload) => {
  const ref: RecordRef = { scope: payload, recordId: payload.recordId, field: 'recordId' };
  const record = await findOwnRecord(ctx, payload.objectApiName, ref);
  const updated =
    payload.objectApiName === 'Quote'
      ? await updateQuoteLabels(ctx.db, record.id, payload.fields)
      : await updateLineLabels(ctx.db, record.id, payload.fields);
  return recordAnswer(payload.objectApiName, updated);
};

const LOOKUPS = { CatalogItem: lookupCatalogueItems, Category: lookupCategories } as const;

/** Records of the account's own catalogue matching the text, for a lookup field. */
export const getLookupRecords: Handler<'getLookupRecords'> = async (ctx, payload): Promise<LookupRecords> => {
  const { catalogue } = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const records = await LOOKUPS[payload.objectApiName](
    ctx.db,
    catalogue.id,
    payload.searchText,
    payload.limit,
  );
  return { records };
};
