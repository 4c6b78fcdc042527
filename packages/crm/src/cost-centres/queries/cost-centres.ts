import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull, ne, sql, sum } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { contacts, costCentreSettings, costCentres, orders, quotes } from '../../db/schema';

export type CostCentreRow = typeof costCentres.$inferSelect;
export type CostCentreValues = Pick<
  CostCentreRow,
  'code' | 'name' | 'ownerContactId' | 'budget' | 'validFrom' | 'validUntil' | 'active'
>;

/** A code with its owner's name, as the lists show it. */
export type NamedCostCentre = CostCentreRow & { ownerName: string | null };

const ownerName = sql<string | null>`${contacts.firstName} || ' ' || ${contacts.lastName}`;

/** The account's codes, by code; only the active ones when asked. */
export async function listCostCentres(
  db: CrmDb,
  accountId: string,
  activeOnly: boolean,
): Promise<NamedCostCentre[]> {
  const rows = await db
    .select({ costCentre: costCentres, ownerName })
    .from(costCentres)
    .leftJoin(contacts, eq(contacts.id, costCentres.ownerContactId))
    .where(and(eq(costCentres.accountId, accountId), activeOnly ? eq(costCentres.active, true) : undefined))
    .orderBy(sql`lower(${costCentres.code})`);
  return rows.map((row) => ({ ...row.costCentre, ownerName: row.ownerName }));
}

export async function findCostCentre(db: CrmDb, id: string): Promise<NamedCostCentre | undefined> {
  const [row] = await db
    .select({ costCentre: costCentres, ownerName })
    .from(costCentres)
    .leftJoin(contacts, eq(contacts.id, costCentres.ownerContactId))
    .where(eq(costCentres.id, id));
  return row && { ...row.costCentre, ownerName: row.ownerName };
}

/** Whether another code of the account has this code, whatever its letter case. */
export async function codeTaken(
  db: CrmDb,
  accountId: string,
  code: string,
  exceptId: string | undefined,
): Promise<boolean> {
  const [row] = await db
    .select({ id: costCentres.id })
    .from(costCentres)
    .where(
      and(
        eq(costCentres.accountId, accountId),
        sql`lower(${costCentres.code}) = lower(${code})`,
        exceptId === undefined ? undefined : ne(costCentres.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertCostCentre(
  db: CrmDb,
  accountId: string,
  values: CostCentreValues,
): Promise<string> {
  const id = randomUUID();
  await db.insert(costCentres).values({ id, accountId, ...values });
  return id;
}

export async function updateCostCentre(
  db: CrmDb,
  id: string,
  values: Partial<CostCentreValues>,
): Promise<void> {
  await db
    .update(costCentres)
    .set({ ...values, modifiedAt: sql`now()` })
    .where(eq(costCentres.id, id));
}

/**
 * What the account's placed orders carrying each code came to: every order not cancelled, by code id;
 * `exceptQuoteId`, the order being weighed against the budget, left out.
 */
export async function spendByCostCentre(
  db: CrmDb,
  accountId: string,
  exceptQuoteId?: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ costCentreId: quotes.costCentreId, spent: sum(quotes.total).mapWith(Number) })
    .from(quotes)
    .innerJoin(orders, eq(orders.quoteId, quotes.id))
    .where(
      and(
        eq(quotes.accountId, accountId),
        isNotNull(quotes.costCentreId),
        ne(orders.status, 'cancelled'),
        exceptQuoteId === undefined ? undefined : ne(quotes.id, exceptQuoteId),
      ),
    )
    .groupBy(quotes.costCentreId);
  return new Map(rows.flatMap((row) => (row.costCentreId ? [[row.costCentreId, row.spent ?? 0]] : [])));
}

export async function findCostCentreRequired(db: CrmDb, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ required: costCentreSettings.required })
    .from(costCentreSettings)
    .where(eq(costCentreSettings.accountId, accountId));
  return row?.required ?? false;
}

export async function saveCostCentreRequired(db: CrmDb, accountId: string, required: boolean): Promise<void> {
  await db
    .insert(costCentreSettings)
    .values({ accountId, required })
    .onConflictDoUpdate({ target: costCentreSettings.accountId, set: { required } });
}

/** The account's contacts a code may name as its owner, by name. */
export async function accountContacts(
  db: CrmDb,
  accountId: string,
): Promise<{ contactId: string; name: string }[]> {
  return db
    .select({
      contactId: contacts.id,
      name: sql<string>`${contacts.firstName} || ' ' || ${contacts.lastName}`,
    })
    .from(contacts)
    .where(eq(contacts.accountId, accountId))
    .orderBy(asc(contacts.lastName), asc(contacts.firstName))
    .limit(500);
}

export async function isAccountContact(db: CrmDb, accountId: string, contactId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)));
  return row !== undefined;
}

/** Charges the quote to a code (null: to none), keeping its code and name as charged. */
export async function chargeQuote(
  db: CrmDb,
  quoteId: string,
  costCentre: Pick<CostCentreRow, 'id' | 'code' | 'name'> | null,
): Promise<void> {
  await db
    .update(quotes)
    .set({
      costCentreId: costCentre?.id ?? null,
      costCentreCode: costCentre?.code ?? null,
      costCentreName: costCentre?.name ?? null,
      modifiedAt: sql`now()`,
    })
    .where(eq(quotes.id, quoteId));
}
