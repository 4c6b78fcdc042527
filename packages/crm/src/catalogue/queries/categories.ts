import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { categories } from '../../db/schema';

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

/**
 * A category of the catalogue by its id, or by its slug (the same category in another catalogue has another
 * id), or by whichever a path names (/category/{id or slug}, the slug in any letter case).
 */
export async function findCategory(
  db: CrmDb,
  catalogueId: string,
  ref: { id: string } | { slug: string } | { idOrSlug: string },
) {
  const match =
    'id' in ref
      ? eq(categories.id, ref.id)
      : 'slug' in ref
        ? eq(categories.slug, ref.slug)
        : or(eq(categories.id, ref.idOrSlug), sql`lower(${categories.slug}) = lower(${ref.idOrSlug})`);
  const [row] = await db
    .select(categoryFields)
    .from(categories)
    .where(and(eq(categories.catalogueId, catalogueId), match))
    .limit(1);
  return row;
}
