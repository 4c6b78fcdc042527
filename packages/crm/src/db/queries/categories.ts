import { and, asc, eq } from 'drizzle-orm';
import type { CrmDb } from '../open';
import { categories } from '../schema';

const categoryFields = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  parentId: categories.parentId,
  sortOrder: categories.sortOrder,
};

export function listCategories(db: CrmDb, catalogueId: string) {
  return db
    .select(categoryFields)
    .from(categories)
    .where(eq(categories.catalogueId, catalogueId))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** A category of the catalogue by its id, or by its slug (the same category in another catalogue has another id). */
export async function findCategory(db: CrmDb, catalogueId: string, ref: { id: string } | { slug: string }) {
  const match = 'id' in ref ? eq(categories.id, ref.id) : eq(categories.slug, ref.slug);
  const [row] = await db
    .select(categoryFields)
    .from(categories)
    .where(and(eq(categories.catalogueId, catalogueId), match))
    .limit(1);
  return row;
}
