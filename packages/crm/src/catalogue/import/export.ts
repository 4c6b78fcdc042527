import {
  writeAttributes,
  writeCategoryPath,
  writeColdChain,
  writeDecimal,
  writeDocuments,
  writeLines,
  writeMoney,
  writeNamedValues,
  writeSize,
  writeStock,
  writeTiers,
  writeYesNo,
} from './cells';
import { CATALOGUE_COLUMNS, type CatalogueColumn, nextTurn, ROWS_PER_TURN } from './format';
import type { CatalogueState, CategoryRow } from './state';

/** What an export writes: every column an import reads but `create_category`, which only asks for a change. */
export const EXPORT_COLUMNS = CATALOGUE_COLUMNS.filter((column) => column !== 'create_category');

/** The path of names from the top category down to this one. */
export function categoryPaths(categories: readonly CategoryRow[]): Map<string, string[]> {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const paths = new Map<string, string[]>();
  const pathOf = (category: CategoryRow, depth = 0): string[] => {
    const known = paths.get(category.id);
    if (known) return known;
    const parent = category.parentId ? byId.get(category.parentId) : undefined;
    // A parent chain that loops (never written by the CRM) stops after a few levels.
    const path = [...(parent && depth < 10 ? pathOf(parent, depth + 1) : []), category.name];
    paths.set(category.id, path);
    return path;
  };
  for (const category of categories) pathOf(category);
  return paths;
}

/**
 * Every item of every catalogue of the storefront as a row of the file, the full catalogue first: the file
 * an import reads back to what the storefront holds, so importing it changes nothing.
 */
export async function exportRows(state: CatalogueState): Promise<string[][]> {
  const paths = categoryPaths(state.categories);
  const order = [...state.catalogues].sort(
    (a, b) => Number(b.type === 'Full') - Number(a.type === 'Full') || a.name.localeCompare(b.name),
  );
  const rank = new Map(order.map((catalogue, index) => [catalogue.id, index]));
  const catalogueOf = new Map(order.map((catalogue) => [catalogue.id, catalogue]));
  const accountsOf = new Map<string, string[]>();
  for (const account of state.accounts)
    if (account.catalogueId)
      accountsOf.set(account.catalogueId, [...(accountsOf.get(account.catalogueId) ?? []), account.name]);
  const items = [...state.items].sort(
    (a, b) =>
      (rank.get(a.catalogueId) ?? 0) - (rank.get(b.catalogueId) ?? 0) ||
      a.sortOrder - b.sortOrder ||
      (a.sku < b.sku ? -1 : 1),
  );
  const rows: string[][] = [];
  for (const [index, item] of items.entries()) {
    if (index % ROWS_PER_TURN === 0) await nextTurn();
    const catalogue = catalogueOf.get(item.catalogueId);
    // A SKU without a shipping profile has its cells empty: importing them gives it the default one.
    const profile = state.profiles.get(item.sku);
    const cells: Record<Exclude<CatalogueColumn, 'create_category'>, string> = {
      catalogue: catalogue?.name ?? '',
      accounts: catalogue?.type === 'Full' ? '' : writeLines(accountsOf.get(item.catalogueId) ?? []),
      sku: item.sku,
      name: item.name,
      category: writeCategoryPath(paths.get(item.categoryId) ?? []),
      unit: item.unit,
      short_description: item.shortDescription,
      description: item.description,
      specifications: writeNamedValues(item.specifications),
      attributes: writeAttributes(item.attributes),
      hazards: writeLines(item.hazards),
      images: writeLines(item.images),
      documents: writeDocuments(item.documents),
      requires_configuration: item.requiresConfiguration ?? '',
      discontinued: writeYesNo(item.discontinued),
      replacement_sku: item.replacementSku ?? '',
      list_price: writeMoney(item.listPrice),
      price: item.negotiatedPrice === null ? '' : writeMoney(item.negotiatedPrice),
      tiers: writeTiers(state.tiers.get(item.id) ?? []),
      stock: writeStock(state.stock.get(item.sku) ?? []),
      shippable: profile ? writeYesNo(profile.shippable) : '',
      weight_kg: profile ? writeDecimal(profile.weightKg) : '',
      size_cm: profile ? writeSize(profile) : '',
      cold_chain: profile ? writeColdChain(profile.coldChain) : '',
      hazard_class: profile?.hazardClass ?? '',
    };
    rows.push(EXPORT_COLUMNS.map((column) => cells[column]));
  }
  return rows;
}
