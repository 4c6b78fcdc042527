import { and, eq, getTableColumns, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CrmDb } from '../../db/open';
import {
  accounts,
  catalogueItems,
  catalogues,
  categories,
  productStock,
  quantityTiers,
  shippingProfiles,
} from '../../db/schema';
import { nextTurn } from './format';
import type { ImportPlan } from './plan';

/**
 * Rows one statement writes. An item's indexes (trigram, attributes) make it the costly row: on PGlite the
 * database runs on this thread, so a statement's rows are what holds the event loop between two turns.
 */
const ITEMS_PER_STATEMENT = 250;
const ROWS_PER_STATEMENT = 2_000;

/** The columns a statement writes: PostgreSQL computes generated ones (an item's search document). */
function writable(table: PgTable) {
  return Object.entries(getTableColumns(table)).filter(([, column]) => !column.generated);
}

/**
 * Inserts the rows as one JSON parameter the database takes apart (jsonb_to_recordset): far quicker than a
 * statement of thousands of parameters, whose building alone took longer than the database's work.
 */
function insertFromJson<T extends PgTable>(
  table: T,
  rows: readonly T['$inferInsert'][],
  onConflict?: SQL,
): SQL {
  const columns = writable(table).map(([key, column]) => ({
    key,
    name: toSnakeCase(key),
    type: column.getSQLType(),
  }));
  const names = sql.raw(columns.map(({ name }) => `"${name}"`).join(', '));
  const types = sql.raw(columns.map(({ name, type }) => `"${name}" ${type}`).join(', '));
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(
        columns.map(({ key, name }) => [name, (row as Record<string, unknown>)[key] ?? null]),
      ),
    ),
  );
  return sql`insert into ${sql.identifier(getTableName(table))} (${names}) select ${names} from jsonb_to_recordset(${json}::jsonb) as r(${types}) ${onConflict ?? sql``}`;
}

/** An upsert on the key columns, setting every column but those and `kept` from the row given (`excluded`). */
function upsertOn<T extends PgTable>(
  table: T,
  keys: readonly (keyof T['$inferInsert'] & string)[],
  kept: readonly (keyof T['$inferInsert'] & string)[] = [],
): SQL {
  const untouched = new Set<string>([...keys, ...kept]);
  const set = writable(table)
    .map(([key]) => key)
    .filter((key) => !untouched.has(key));
  return sql.raw(
    `on conflict (${keys.map((key) => `"${toSnakeCase(key)}"`).join(', ')}) do update set ${set
      .map((key) => `"${toSnakeCase(key)}" = excluded."${toSnakeCase(key)}"`)
      .join(', ')}`,
  );
}

/** An item by its catalogue and SKU, keeping its id; a shipping profile by its organisation and SKU. */
const ITEM_UPSERT = upsertOn(catalogueItems, ['catalogueId', 'sku'], ['id']);
const PROFILE_UPSERT = upsertOn(shippingProfiles, ['organisationId', 'sku']);

async function inBatches<T>(rows: readonly T[], size: number, write: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) {
    await write(rows.slice(start, start + size));
    await nextTurn();
  }
}

/**
 * Writes the plan inside the caller's transaction: new catalogues and categories, new and changed items
 * (one upsert by catalogue and SKU), their tiers and the SKUs' stock replaced, the SKUs' shipping profiles
 * upserted, accounts moved.
 */
export async function applyPlan(tx: CrmDb, organisationId: string, plan: ImportPlan): Promise<void> {
  if (plan.catalogues.length > 0) await tx.insert(catalogues).values(plan.catalogues);
  // Created top first, so each category's parent is there before it.
  await inBatches(plan.categories, ROWS_PER_STATEMENT, (batch) => tx.insert(categories).values(batch));
  await inBatches(plan.items, ITEMS_PER_STATEMENT, (batch) =>
    tx.execute(insertFromJson(catalogueItems, batch, ITEM_UPSERT)),
  );
  await inBatches([...plan.tiers.keys()], ROWS_PER_STATEMENT, (batch) =>
    tx.delete(quantityTiers).where(inArray(quantityTiers.itemId, batch)),
  );
  const tiers = [...plan.tiers].flatMap(([itemId, list]) =>
    list.map((tier, index) => ({
      id: `${itemId}-t${index + 1}`,
      itemId,
      sv: tier.from,
      ev: tier.to,
      price: tier.price,
    })),
  );
  await inBatches(tiers, ROWS_PER_STATEMENT, (batch) => tx.execute(insertFromJson(quantityTiers, batch)));
  await inBatches([...plan.stock.keys()], ROWS_PER_STATEMENT, (batch) =>
    tx
      .delete(productStock)
      .where(and(eq(productStock.organisationId, organisationId), inArray(productStock.sku, batch))),
  );
  const stock = [...plan.stock].flatMap(([sku, list]) =>
    list.map((entry) => ({ organisationId, sku, ...entry })),
  );
  await inBatches(stock, ROWS_PER_STATEMENT, (batch) => tx.execute(insertFromJson(productStock, batch)));
  const profiles = [...plan.profiles].map(([sku, profile]) => ({ organisationId, sku, ...profile }));
  await inBatches(profiles, ROWS_PER_STATEMENT, (batch) =>
    tx.execute(insertFromJson(shippingProfiles, batch, PROFILE_UPSERT)),
  );
  for (const [catalogueId, ids] of plan.accounts)
    await inBatches(ids, ROWS_PER_STATEMENT, (batch) =>
      tx.update(accounts).set({ catalogueId }).where(inArray(accounts.id, batch)),
    );
}
