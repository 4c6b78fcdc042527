import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import {
  type ConfiguredLineRole,
  catalogueItems,
  configuredGroupLines,
  cpqOptionRules,
  quoteLineItems,
} from '../../db/schema';

export type CpqOptionRuleRow = typeof cpqOptionRules.$inferSelect;

/** The option rules of a model on a storefront, in the order they are offered. */
export function optionRulesOf(
  db: CrmDb,
  storefrontId: string,
  modelSku: string,
): Promise<CpqOptionRuleRow[]> {
  return db
    .select()
    .from(cpqOptionRules)
    .where(and(eq(cpqOptionRules.storefrontId, storefrontId), eq(cpqOptionRules.modelSku, modelSku)))
    .orderBy(asc(cpqOptionRules.sortOrder), asc(cpqOptionRules.optionSku));
}

/** The names of the items among these that are lines of the quote already. */
export async function itemsOnQuote(
  db: CrmDb,
  quoteId: string,
  itemIds: readonly string[],
): Promise<string[]> {
  if (itemIds.length === 0) return [];
  const rows = await db
    .select({ name: catalogueItems.name })
    .from(quoteLineItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, quoteLineItems.catalogItemId))
    .where(and(eq(quoteLineItems.quoteId, quoteId), inArray(quoteLineItems.catalogItemId, [...itemIds])))
    .orderBy(asc(catalogueItems.name));
  return rows.map((row) => row.name);
}

export async function insertGroupLines(
  db: CrmDb,
  groupId: string,
  lines: readonly { lineId: string; role: ConfiguredLineRole }[],
): Promise<void> {
  if (lines.length > 0)
    await db.insert(configuredGroupLines).values(lines.map((line) => ({ ...line, groupId })));
}
