import { and, asc, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { metaItems } from '../../db/schema';

export interface MetaItemQuery {
  storefrontId: string;
  accountId?: string;
  templateId?: string;
  key?: string;
  sortDirection: 'ASC' | 'DESC';
  limit: number;
}

export function listMetaItems(db: CrmDb, query: MetaItemQuery) {
  const conditions: SQL[] = [eq(metaItems.storefrontId, query.storefrontId)];
  if (query.accountId) conditions.push(eq(metaItems.accountId, query.accountId));
  if (query.templateId) conditions.push(eq(metaItems.templateId, query.templateId));
  if (query.key) conditions.push(eq(metaItems.key, query.key));
  const order = query.sortDirection === 'DESC' ? desc : asc;
  return db
    .select()
    .from(metaItems)
    .where(and(...conditions))
    .orderBy(order(metaItems.key), order(metaItems.id))
    .limit(query.limit);
}

/** The storefront's own items plus those of one account and one template (each may be absent). */
export function metaItemsInScope(
  db: CrmDb,
  scope: { storefrontId: string; accountId: string; templateId: string | null },
) {
  const forTemplate = scope.templateId ? eq(metaItems.templateId, scope.templateId) : undefined;
  return db
    .select()
    .from(metaItems)
    .where(
      and(
        eq(metaItems.storefrontId, scope.storefrontId),
        or(isNull(metaItems.accountId), eq(metaItems.accountId, scope.accountId)),
        or(isNull(metaItems.templateId), forTemplate),
      ),
    )
    .orderBy(asc(metaItems.key), asc(metaItems.id));
}
