import { eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { CrmDb } from './open';
import { accounts, fileUploads, locations, preparedQuotes, promoCodes, quotes } from './schema';

type QuoteRow = typeof quotes.$inferSelect;
type PreparedQuoteRow = typeof preparedQuotes.$inferSelect;
type FileUploadRow = typeof fileUploads.$inferSelect;
type LocationRow = typeof locations.$inferSelect;
type PromoCodeRow = typeof promoCodes.$inferSelect;

/**
 * Whose carts a quote type sees: a contact's quotes of their account (no secret), or, on the storefront's
 * shared guest account, the quotes of one guest's secret.
 */
export interface CartOwner {
  accountId: string;
  /** The signed-in contact whose carts these are; null: the account's carts of no contact (and guests'). */
  contactId: string | null;
  guestSecretHash: string | null;
}

/**
 * Every lock a change of a cart takes, and the one order a transaction takes them in
 * (docs/decisions/0052-lock-order.md): two transactions that each hold one and wait for the other's would be a
 * deadlock, and taking them in one order makes that impossible. Within a kind, locks go in key order (quotes by
 * id, PO numbers by number). Row locks are FOR NO KEY UPDATE: they queue the writers that take them but neither
 * wait for nor block the KEY SHARE lock PostgreSQL takes on a row when a row referring to it is written (an
 * invoice of the account, a payment of the quote), so those references never join a cycle.
 */
const LOCK_ORDER = [
  /** A storefront's catalogue import (catalogue/operations.ts): one at a time; it moves account rows after. */
  'catalogue',
  /** The cart owner: the account's row, or a guest's secret on the shared guest account. */
  'owner',
  'preparedQuote',
  'quote',
  'upload',
  'location',
  'promoCode',
  'poNumber',
  /** A business event's subject (events/record.ts): recorded after its change, so last. */
  'eventSubject',
] as const;
type LockKind = (typeof LOCK_ORDER)[number];

/** Not narrowed to drizzle's transaction type, which would lose the schema's. */
const isTransaction = (db: CrmDb): boolean => db instanceof PgTransaction;

/** What each open transaction holds, and the last lock it took. */
const held = new WeakMap<CrmDb, { locks: Set<string>; rank: number; key: string }>();

/**
 * Records a lock the transaction takes, refusing one out of order: a path that does so is a bug that would
 * deadlock under load, so it fails wherever it runs, tests included. A lock held already may be taken again.
 */
function inOrder(tx: CrmDb, kind: LockKind, key: string): void {
  if (!isTransaction(tx)) throw new Error(`a ${kind} lock outside a transaction holds nothing`);
  const rank = LOCK_ORDER.indexOf(kind);
  const id = `${kind} ${key}`;
  const state = held.get(tx);
  if (!state) {
    held.set(tx, { locks: new Set([id]), rank, key });
    return;
  }
  if (state.locks.has(id)) return;
  if (rank < state.rank || (rank === state.rank && key < state.key)) {
    throw new Error(`lock order: ${id} taken after ${LOCK_ORDER[state.rank]} ${state.key}`);
  }
  state.locks.add(id);
  state.rank = rank;
  state.key = key;
}

/** A transaction lock on a key of our own, for what has no row to lock. */
async function advisoryLock(tx: CrmDb, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** A storefront's business event subject: its events take their sequence numbers one after the other. */
export async function lockEventSubject(tx: CrmDb, storefrontId: string, subject: string): Promise<void> {
  inOrder(tx, 'eventSubject', `${storefrontId} ${subject}`);
  await advisoryLock(tx, `business event ${storefrontId} ${subject}`);
}

/** A storefront's catalogue, while an import reads, checks and writes it. */
export async function lockCatalogue(tx: CrmDb, storefrontId: string): Promise<void> {
  inOrder(tx, 'catalogue', storefrontId);
  await advisoryLock(tx, `catalogue ${storefrontId}`);
}

/** The account's row: its saved filters, and a signed-in owner's carts. */
export async function lockAccount(tx: CrmDb, accountId: string): Promise<void> {
  inOrder(tx, 'owner', `account:${accountId}`);
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('no key update');
}

/**
 * The cart owner, which serialises the writes that find or create their active cart, so two adds never make two
 * carts. Every guest shares the guest account, so a guest is locked by their secret: guests never queue behind
 * one another.
 */
export async function lockCartOwner(tx: CrmDb, owner: CartOwner): Promise<void> {
  if (owner.guestSecretHash === null) return lockAccount(tx, owner.accountId);
  inOrder(tx, 'owner', `guest:${owner.guestSecretHash}`);
  await advisoryLock(tx, `guest:${owner.guestSecretHash}`);
}

/** Records the row lock a query of the cart took on the owner's active quote (lockActiveCart), after the owner. */
export function quoteLockTaken(tx: CrmDb, quoteId: string): void {
  inOrder(tx, 'quote', quoteId);
}

/** The prepared quote a buyer takes as their cart: two buyers taking it take turns. */
export async function lockPreparedQuote(tx: CrmDb, id: string): Promise<PreparedQuoteRow | undefined> {
  inOrder(tx, 'preparedQuote', id);
  const [row] = await tx.select().from(preparedQuotes).where(eq(preparedQuotes.id, id)).for('no key update');
  return row;
}

/** Another transaction holds the quote's row lock (PostgreSQL lock_not_available, 55P03). */
export class QuoteLockedError extends Error {
  constructor() {
    super('unable_to_lock_row');
    this.name = 'QuoteLockedError';
  }
}

const LOCK_NOT_AVAILABLE = '55P03';

/** drizzle wraps driver errors in a DrizzleQueryError whose cause carries the SQLSTATE. */
function isLockNotAvailable(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return true;
  }
  return false;
}

/**
 * The quote, locked for the rest of the transaction. 'nowait' throws QuoteLockedError when another
 * transaction holds the lock, so a line update answers at once instead of queueing behind it.
 */
export async function lockQuote(
  tx: CrmDb,
  quoteId: string,
  mode: 'wait' | 'nowait',
): Promise<QuoteRow | undefined> {
  inOrder(tx, 'quote', quoteId);
  const query = tx.select().from(quotes).where(eq(quotes.id, quoteId));
  try {
    const [row] = await (mode === 'nowait'
      ? query.for('no key update', { noWait: true })
      : query.for('no key update'));
    return row;
  } catch (error) {
    if (isLockNotAvailable(error)) throw new QuoteLockedError();
    throw error;
  }
}

/**
 * The owner, then their quote: what a change of which carts the owner has takes (placing an order turns the
 * cart into an order), in the order adding to the cart takes them.
 */
export async function lockOwnerAndQuote(
  tx: CrmDb,
  owner: CartOwner,
  quoteId: string,
): Promise<QuoteRow | undefined> {
  await lockCartOwner(tx, owner);
  return lockQuote(tx, quoteId, 'wait');
}

/** Records in the order their locks are taken: by id. */
export function inLockOrder<T extends { id: string }>(changes: readonly T[]): T[] {
  return [...changes].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A chunked upload of a file of the quote, after the quote: its chunks are taken one at a time. */
export async function lockUpload(tx: CrmDb, uploadId: string): Promise<FileUploadRow | undefined> {
  inOrder(tx, 'upload', uploadId);
  const [row] = await tx.select().from(fileUploads).where(eq(fileUploads.id, uploadId)).for('no key update');
  return row;
}

/** A location of an address book, changed or deleted by one request at a time. */
export async function lockLocation(tx: CrmDb, locationId: string): Promise<LocationRow | undefined> {
  inOrder(tx, 'location', locationId);
  const [row] = await tx.select().from(locations).where(eq(locations.id, locationId)).for('no key update');
  return row;
}

/** A promo code, so counting and recording its uses is one step; its row as it stands under the lock. */
export async function lockPromoCode(tx: CrmDb, promoCodeId: string): Promise<PromoCodeRow | undefined> {
  inOrder(tx, 'promoCode', promoCodeId);
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, promoCodeId)).for('no key update');
  return row;
}

/**
 * One PO number in one account: two quotes given the same number at once are checked one after the other, so
 * the second sees the first. Several numbers go in the order of their keys (sorted by the caller).
 */
export async function lockPoNumber(tx: CrmDb, accountId: string, poNumber: string): Promise<void> {
  const key = `po:${accountId}:${poNumber.toLowerCase()}`;
  inOrder(tx, 'poNumber', key);
  await advisoryLock(tx, key);
}
