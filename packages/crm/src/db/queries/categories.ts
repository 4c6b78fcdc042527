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

export async function findCategory(db: CrmDb, catalogueId: string, categoryId: string) {
  const [row] = await db
    .select(categoryFields)
    .from(categories)
    .where(and(eq(categories.catalogueId, catalogueId), eq(categories.id, categoryId)))
    .limit(1);
  return row;
}

export async function findCategoryBySlug(db: CrmDb, catalogueId: string, slug: string) {
  const [row] = await db
    .select(categoryFields)
    .from(categories)
    .where(and(eq(categories.catalogueId, catalogueId), eq(categories.slug, slug)))
    .limit(1);
  return row;
}
