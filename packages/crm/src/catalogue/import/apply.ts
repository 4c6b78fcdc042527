import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import {
  accounts,
  catalogueItems,
  catalogues,
  categories,
  productStock,
  quantityTiers,
} from '../../db/schema';
import { nextTurn } from './format';
import type { ImportPlan } from './plan';

/** Rows one statement writes: within PostgreSQL's 65,535 parameters for the widest row (24 columns). */
const ROWS_PER_STATEMENT = 1_000;

async function inBatches<T>(rows: readonly T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    await write(rows.slice(start, start + ROWS_PER_STATEMENT));
    await nextTurn();
  }
}

/** An upsert sets every column but the keys from the row it was given (`excluded`). */
const ITEM_COLUMNS = Object.keys(getTableColumns(catalogueItems)).filter(
  (key) => !['id', 'catalogueId', 'sku'].includes(key),
);
const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const FROM_EXCLUDED = Object.fromEntries(
  ITEM_COLUMNS.map((key) => [key, sql.raw(`excluded.${snakeCase(key)}`)]),
) as Record<string, SQL>;

/**
 * Writes the plan inside the caller's transaction: new catalogues and categories, new and changed items
 * (one upsert by catalogue and SKU), their tiers and the SKUs' stock replaced, accounts moved.
 */
export async function applyPlan(tx: CrmDb, organisationId: string, plan: ImportPlan): Promise<void> {
  if (plan.catalogues.length > 0) await tx.insert(catalogues).values(plan.catalogues);
  // Created top first, so each category's parent is there before it.
  await inBatches(plan.categories, (batch) => tx.insert(categories).values(batch));
  await inBatches(plan.items, (batch) =>
    tx
      .insert(catalogueItems)
      .values(batch)
      .onConflictDoUpdate({ target: [catalogueItems.catalogueId, catalogueItems.sku], set: FROM_EXCLUDED }),
  );
  const tierItems = [...plan.tiers.keys()];
  await inBatches(tierItems, (batch) => tx.delete(quantityTiers).where(inArray(quantityTiers.itemId, batch)));
  const tiers = [...plan.tiers].flatMap(([itemId, list]) =>
    list.map((tier, index) => ({
      id: `${itemId}-t${index + 1}`,
      itemId,
      sv: tier.from,
      ev: tier.to,
      price: tier.price,
    })),
  );
  await inBatches(tiers, (batch) => tx.insert(quantityTiers).values(batch));
  const skus = [...plan.stock.keys()];
  await inBatches(skus, (batch) =>
    tx
      .delete(productStock)
      .where(and(eq(productStock.organisationId, organisationId), inArray(productStock.sku, batch))),
  );
  const stock = [...plan.stock].flatMap(([sku, list]) =>
    list.map((entry) => ({ organisationId, sku, ...entry })),
  );
  await inBatches(stock, (batch) => tx.insert(productStock).values(batch));
  for (const [catalogueId, ids] of plan.accounts)
    await inBatches(ids, (batch) =>
      tx.update(accounts).set({ catalogueId }).where(inArray(accounts.id, batch)),
    );
}
