import { randomUUID } from 'node:crypto';
import type { QuoteSummary, SavedCustomField } from '@storefront/contracts';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { onSale } from '../../catalogue';
import type { AccountMembership } from '../../core/accounts';
import { type CartOwner, lockCartOwner, quoteLockTaken } from '../../db/locks';
import type { CrmDb } from '../../db/open';
import { accounts, catalogueItems, configuredGroupLines, quoteLineItems, quotes } from '../../db/schema';

export type QuoteRow = typeof quotes.$inferSelect;
export type { CartOwner };

/** The quote's chosen shipping method, as stored. */
export type ShippingMethodFields = Pick<
  QuoteRow,
  'shippingCarrier' | 'shippingService' | 'shippingAmount' | 'shippingSurcharge' | 'customerShippingAccount'
>;

export const NO_SHIPPING_METHOD: ShippingMethodFields = {
  shippingCarrier: null,
  shippingService: null,
  shippingAmount: null,
  shippingSurcharge: null,
  customerShippingAccount: null,
};

/** What the quote's shipping adds to its total; nothing until a method is chosen. */
export function shippingChargesOf(
  quote: Pick<ShippingMethodFields, 'shippingAmount' | 'shippingSurcharge'>,
): Pick<QuoteSummary, 'shippingAmount' | 'shippingSurcharge'> {
  return { shippingAmount: quote.shippingAmount ?? 0, shippingSurcharge: quote.shippingSurcharge ?? 0 };
}

/**
 * The columns a quote's summary shows (toQuoteSummary). The header reads the cart on every page, and an embedded
 * statement's cost grows with the columns it answers: all of the quote's would double it.
 */
const quoteSummaryColumns = {
  id: quotes.id,
  accountId: quotes.accountId,
  contactId: quotes.contactId,
  shipToAccountId: quotes.shipToAccountId,
  poNumber: quotes.poNumber,
  status: quotes.status,
  checkedOut: quotes.checkedOut,
  currency: quotes.currency,
  subtotal: quotes.subtotal,
  discount: quotes.discount,
  shippingAmount: quotes.shippingAmount,
  shippingSurcharge: quotes.shippingSurcharge,
  total: quotes.total,
  createdAt: quotes.createdAt,
  modifiedAt: quotes.modifiedAt,
};
export type QuoteSummaryRow = Pick<QuoteRow, keyof typeof quoteSummaryColumns>;
export type QuoteLineRow = typeof quoteLineItems.$inferSelect;
export type LinePriceFields = Omit<
  typeof quoteLineItems.$inferInsert,
  'id' | 'quoteId' | 'catalogItemId' | 'qty' | 'createdAt' | 'modifiedAt'
>;

/**
 * The quotes of an owner: an account's own (of its contact), or on the guest account those of one secret,
 * whatever buyer contact the guest has named on them (createGuestBuyer).
 */
export function ownedBy(owner: CartOwner) {
  if (owner.guestSecretHash !== null) {
    return and(eq(quotes.accountId, owner.accountId), eq(quotes.guestSecretHash, owner.guestSecretHash));
  }
  const contact = owner.contactId === null ? isNull(quotes.contactId) : eq(quotes.contactId, owner.contactId);
  return and(eq(quotes.accountId, owner.accountId), contact, isNull(quotes.guestSecretHash));
}

/** The owner's cart as it is read: an Active quote not checked out, the newest first. */
const cartOf = (owner: CartOwner) =>
  and(ownedBy(owner), eq(quotes.status, 'Active'), eq(quotes.checkedOut, false));
const NEWEST_FIRST = [desc(quotes.createdAt), desc(quotes.id)];

/**
 * The owner's cart: their newest Active quote not checked out. `lock` (lockActiveCart's) takes its row lock
 * too, waiting for a change in progress and reading the row as that change left it.
 */
export async function findActiveQuote(
  db: CrmDb,
  owner: CartOwner,
  { lock = false } = {},
): Promise<QuoteRow | undefined> {
  const query = db
    .select()
    .from(quotes)
    .where(cartOf(owner))
    .orderBy(...NEWEST_FIRST)
    .limit(1);
  const [row] = await (lock ? query.for('no key update') : query);
  return row;
}

/**
 * The account's membership and its cart in one statement (the header reads it on every page): a guest
 * account's cart is the guest's by their secret (none without one), any other account's is the contact's.
 */
export async function findAccountCart(
  db: CrmDb,
  accountId: string,
  caller: { contactId: string | null; guestSecretHash: string | null },
): Promise<{ account: AccountMembership; quote: QuoteSummaryRow | null } | undefined> {
  const { contactId, guestSecretHash } = caller;
  const guestCart =
    guestSecretHash === null ? sql`false` : cartOf({ accountId, contactId: null, guestSecretHash });
  const contactCart = cartOf({ accountId, contactId, guestSecretHash: null });
  const [row] = await db
    .select({
      account: { id: accounts.id, storefrontId: accounts.storefrontId, isGuest: accounts.isGuest },
      quote: quoteSummaryColumns,
    })
    .from(accounts)
    .leftJoin(
      quotes,
      or(and(eq(accounts.isGuest, true), guestCart), and(eq(accounts.isGuest, false), contactCart)),
    )
    .where(eq(accounts.id, accountId))
    .orderBy(...NEWEST_FIRST)
    .limit(1);
  return row;
}

export async function findQuote(db: CrmDb, quoteId: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, quoteId)).limit(1);
  return row;
}

export async function insertQuote(
  db: CrmDb,
  quote: Pick<QuoteRow, 'storefrontId' | 'accountId' | 'guestSecretHash' | 'contactId' | 'currency'>,
): Promise<QuoteRow> {
  const [row] = await db
    .insert(quotes)
    .values({ id: randomUUID(), ...quote })
    .returning();
  if (!row) throw new Error('quote not created');
  return row;
}

/** Retires the owner's open carts, so the next one created or activated is the active one. */
export async function deactivateQuotes(db: CrmDb, owner: CartOwner): Promise<void> {
  await db
    .update(quotes)
    .set({ status: 'Inactive', modifiedAt: sql`now()` })
    .where(and(ownedBy(owner), eq(quotes.status, 'Active'), eq(quotes.checkedOut, false)));
}

/** Makes the quote its account's active cart. */
export async function activateQuote(db: CrmDb, quoteId: string): Promise<void> {
  await db.update(quotes).set({ status: 'Active', modifiedAt: sql`now()` }).where(eq(quotes.id, quoteId));
}

/** Writes the totals of changed lines, voiding their tax (and what else of the quote they follow from). */
export async function updateQuoteTotals(
  db: CrmDb,
  quoteId: string,
  totals: Pick<QuoteRow, 'subtotal' | 'discount' | 'total'> & Partial<ShippingMethodFields>,
): Promise<QuoteRow> {
  const [row] = await db
    .update(quotes)
    .set({ ...totals, tax: null, taxStatus: 'NotCalculated', taxDetails: [], modifiedAt: sql`now()` })
    .where(eq(quotes.id, quoteId))
    .returning();
  if (!row) throw new Error(`quote ${quoteId} vanished while being repriced`);
  return row;
}

/** The quote's lines with what pricing and the cart need of their items, in the order they were added. */
export function linesWithItems(db: CrmDb, quoteId: string) {
  return db
    .select({
      line: quoteLineItems,
      item: {
        name: catalogueItems.name,
        sku: catalogueItems.sku,
        images: catalogueItems.images,
        unit: catalogueItems.unit,
        priceSource: catalogueItems.priceSource,
        listPrice: catalogueItems.listPrice,
        negotiatedPrice: catalogueItems.negotiatedPrice,
      },
      /** The configured group the line belongs to; null for a line of its own. */
      group: { id: configuredGroupLines.groupId, role: configuredGroupLines.role },
    })
    .from(quoteLineItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, quoteLineItems.catalogItemId))
    .leftJoin(configuredGroupLines, eq(configuredGroupLines.lineId, quoteLineItems.id))
    .where(eq(quoteLineItems.quoteId, quoteId))
    .orderBy(asc(quoteLineItems.createdAt), asc(quoteLineItems.id));
}

export async function findLineIds(db: CrmDb, quoteId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: quoteLineItems.id })
    .from(quoteLineItems)
    .where(eq(quoteLineItems.quoteId, quoteId));
  return new Set(rows.map((row) => row.id));
}

/**
 * Adds qty of items to the quote in one statement: a new line priced at zero, or more of the line it has (each
 * item is on a quote once, so the caller names an item once). Answers the lines with their qty now, in the
 * order given; the caller reprices the quote in the same transaction.
 */
export async function addToLines(
  db: CrmDb,
  quoteId: string,
  lines: readonly Pick<QuoteLineRow, 'catalogItemId' | 'qty'>[],
): Promise<Pick<QuoteLineRow, 'id' | 'catalogItemId' | 'qty'>[]> {
  if (lines.length === 0) return [];
  const rows = await db
    .insert(quoteLineItems)
    .values(
      lines.map((line) => ({ id: randomUUID(), quoteId, ...line, unitPrice: 0, listPrice: 0, lineTotal: 0 })),
    )
    .onConflictDoUpdate({
      target: [quoteLineItems.quoteId, quoteLineItems.catalogItemId],
      set: { qty: sql`${quoteLineItems.qty} + excluded.qty`, modifiedAt: sql`now()` },
    })
    .returning({
      id: quoteLineItems.id,
      catalogItemId: quoteLineItems.catalogItemId,
      qty: quoteLineItems.qty,
    });
  const byItem = new Map(rows.map((row) => [row.catalogItemId, row]));
  return lines.map((line) => {
    const row = byItem.get(line.catalogItemId);
    if (!row) throw new Error('quote line not written');
    return row;
  });
}

export async function setLineQty(db: CrmDb, lineId: string, qty: number): Promise<void> {
  await db.update(quoteLineItems).set({ qty, modifiedAt: sql`now()` }).where(eq(quoteLineItems.id, lineId));
}

export async function setLinePrice(db: CrmDb, lineId: string, price: LinePriceFields): Promise<void> {
  await db
    .update(quoteLineItems)
    .set({ ...price, modifiedAt: sql`now()` })
    .where(eq(quoteLineItems.id, lineId));
}

/** Removes lines of the quote; an instrument line of a configured group takes the group's option lines with it. */
export async function deleteLines(db: CrmDb, quoteId: string, lineIds: readonly string[]): Promise<void> {
  if (lineIds.length === 0) return;
  const groupsRemoved = db
    .select({ groupId: configuredGroupLines.groupId })
    .from(configuredGroupLines)
    .where(
      and(inArray(configuredGroupLines.lineId, [...lineIds]), eq(configuredGroupLines.role, 'Instrument')),
    );
  const groupLines = db
    .select({ lineId: configuredGroupLines.lineId })
    .from(configuredGroupLines)
    .where(inArray(configuredGroupLines.groupId, groupsRemoved));
  await db
    .delete(quoteLineItems)
    .where(
      and(
        eq(quoteLineItems.quoteId, quoteId),
        or(inArray(quoteLineItems.id, [...lineIds]), inArray(quoteLineItems.id, groupLines)),
      ),
    );
}

/** An item of the account's catalogue, or nothing: a cart only takes what its account may buy. */
export async function findCatalogueItemId(
  db: CrmDb,
  catalogueId: string,
  itemId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: catalogueItems.id })
    .from(catalogueItems)
    .where(and(eq(catalogueItems.catalogueId, catalogueId), eq(catalogueItems.id, itemId), onSale()))
    .limit(1);
  return row?.id;
}

/** The items of a catalogue with these SKUs, by SKU: a cart moving to another catalogue keeps what it has. */
export async function catalogueItemIdsBySku(
  db: CrmDb,
  catalogueId: string,
  skus: readonly string[],
): Promise<Map<string, string>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ id: catalogueItems.id, sku: catalogueItems.sku })
    .from(catalogueItems)
    .where(and(eq(catalogueItems.catalogueId, catalogueId), inArray(catalogueItems.sku, [...skus])));
  return new Map(rows.map((row) => [row.sku, row.id]));
}

export async function setLineItem(db: CrmDb, lineId: string, catalogItemId: string): Promise<void> {
  await db
    .update(quoteLineItems)
    .set({ catalogItemId, modifiedAt: sql`now()` })
    .where(eq(quoteLineItems.id, lineId));
}

/** Hands a guest's cart to a signed-in account: it is theirs, active, and no longer reachable by the secret. */
export async function transferQuote(
  db: CrmDb,
  quoteId: string,
  to: Pick<QuoteRow, 'accountId' | 'contactId' | 'currency'>,
): Promise<void> {
  await db
    .update(quotes)
    // The guest's buyer (a prospect, createGuestBuyer) is not the account's: it bills and ships for itself.
    .set({
      ...to,
      guestSecretHash: null,
      billToAccountId: null,
      shipToAccountId: null,
      status: 'Active',
      modifiedAt: sql`now()`,
    })
    .where(eq(quotes.id, quoteId));
}

/** Stores a tax calculation and the total it makes. */
export async function setQuoteTax(
  db: CrmDb,
  quoteId: string,
  tax: Pick<QuoteRow, 'tax' | 'taxStatus' | 'taxDetails' | 'total'>,
): Promise<QuoteRow> {
  const [row] = await db.update(quotes).set(tax).where(eq(quotes.id, quoteId)).returning();
  if (!row) throw new Error(`quote ${quoteId} vanished while being taxed`);
  return row;
}

/** Replaces the quote's custom form values. */
export async function setCustomFields(db: CrmDb, quoteId: string, fields: SavedCustomField[]): Promise<void> {
  await db.update(quotes).set({ customFields: fields, modifiedAt: sql`now()` }).where(eq(quotes.id, quoteId));
}

/** The owner's active cart, locked after the owner: undefined when they have none (the caller makes one). */
export async function lockActiveCart(tx: CrmDb, owner: CartOwner): Promise<QuoteRow | undefined> {
  await lockCartOwner(tx, owner);
  const quote = await findActiveQuote(tx, owner, { lock: true });
  if (quote) quoteLockTaken(tx, quote.id);
  return quote;
}
