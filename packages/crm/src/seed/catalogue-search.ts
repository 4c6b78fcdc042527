import { recordCatalogueTerms, replaceSynonyms, STANDARD_SYNONYMS } from '../catalogue/search';
import type { CrmDb } from '../db/open';
import * as schema from '../db/schema';

/**
 * The catalogue search's data for every storefront: the field's usual synonyms for a storefront that has none
 * yet (once it has some, they are its operators'), and its products' words as typo corrections (added, never
 * removed, so this is safe at every start).
 */
export async function addDemoCatalogueSearch(db: CrmDb): Promise<void> {
  const storefronts = await db.select({ id: schema.storefronts.id }).from(schema.storefronts);
  const having = await db
    .selectDistinct({ storefrontId: schema.catalogueSynonyms.storefrontId })
    .from(schema.catalogueSynonyms);
  const done = new Set(having.map((row) => row.storefrontId));
  for (const { id: storefrontId } of storefronts) {
    if (!done.has(storefrontId)) await replaceSynonyms(db, storefrontId, STANDARD_SYNONYMS);
    await recordCatalogueTerms(db, storefrontId);
  }
}
