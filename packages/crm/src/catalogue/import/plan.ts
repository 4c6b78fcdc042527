import { slugify } from '../../core/slug';
import type { ShippingProfile } from '../../shipping';
import { type Stock, type Tier, writeCategoryPath, writeStock, writeTiers } from './cells';
import { categoryPaths } from './export';
import { type FileProblem, nextTurn, ROWS_PER_TURN } from './format';
import { profileChanges } from './profiles';
import { type CheckedRow, nameKey, type RowFields } from './rows';
import type { CatalogueRow, CatalogueState, CategoryRow, ItemRow } from './state';

/**
 * What an import changes, worked out from the checked rows and what the storefront holds: nothing is written
 * here, so a dry run and a refused file change nothing. Each row is created, updated or unchanged.
 */
export interface ImportPlan {
  catalogues: CatalogueRow[];
  categories: CategoryRow[];
  /** New and changed items, in full. */
  items: ItemRow[];
  /** Items whose tiers are replaced by these (none: removed). */
  tiers: Map<string, Tier[]>;
  /** SKUs whose stock is replaced by this (none: removed). */
  stock: Map<string, Stock[]>;
  /** SKUs whose shipping profile is set to this. */
  profiles: Map<string, ShippingProfile>;
  /** Accounts moved to a catalogue, by catalogue id. */
  accounts: Map<string, string[]>;
  counts: { created: number; updated: number; unchanged: number };
}

/** The new ids of what an import creates. */
export interface NewIds {
  catalogue(): string;
  category(): string;
  item(): string;
}

/** The fields a new product cannot be without, by the column that gives each. */
const NEEDED: [keyof RowFields, string][] = [
  ['name', 'name'],
  ['category', 'category'],
  ['unit', 'unit'],
  ['listPrice', 'list_price'],
];

const pathKey = (path: readonly string[]) => path.map((name) => name.toLowerCase()).join('\n');

export async function planImport(
  rows: readonly CheckedRow[],
  state: CatalogueState,
  ids: NewIds,
): Promise<{ problems: FileProblem[] } | { plan: ImportPlan }> {
  const problems: FileProblem[] = [];
  const catalogues = resolveCatalogues(rows, state, ids, problems);
  const accounts = resolveAccounts(rows, state, catalogues, problems);
  const categories = categoryResolver(state, ids);
  const itemsByKey = new Map(state.items.map((item) => [`${item.catalogueId}\n${item.sku}`, item]));
  const nextSort = new Map<string, number>();
  for (const item of state.items)
    nextSort.set(item.catalogueId, Math.max(nextSort.get(item.catalogueId) ?? 0, item.sortOrder + 1));
  const slugs = slugRegistry(state);

  const rowOf = new Map<string, number>();
  const planned: { row: CheckedRow; before: ItemRow | undefined; after: ItemRow; tiers: Tier[] }[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_TURN) {
    for (const row of rows.slice(start, start + ROWS_PER_TURN)) {
      const catalogue = catalogues.get(nameKey(row.catalogue));
      if (!catalogue) continue;
      // The full catalogue by its name and by an empty cell is one catalogue: its SKU once.
      const first = rowOf.get(`${catalogue.id}\n${row.sku}`);
      if (first !== undefined) {
        problems.push({
          row: row.row,
          column: 'sku',
          message: `${row.sku} is given again for ${catalogue.name} (first in row ${first})`,
        });
        continue;
      }
      rowOf.set(`${catalogue.id}\n${row.sku}`, row.row);
      const before = itemsByKey.get(`${catalogue.id}\n${row.sku}`);
      const missing = before ? [] : NEEDED.filter(([field]) => row.fields[field] === undefined);
      for (const [, column] of missing)
        problems.push({
          row: row.row,
          column,
          message: `a new product needs its ${column.replace('_', ' ')}`,
        });
      if (missing.length > 0) continue;
      if (!before && !state.productTemplateId) {
        problems.push({ row: row.row, column: null, message: 'the storefront has no product page template' });
        continue;
      }
      let categoryId = before?.categoryId ?? '';
      if (row.fields.category) {
        const found = categories.resolve(catalogue, row.fields.category, row.fields.createCategory === true);
        if (!found) {
          problems.push({
            row: row.row,
            column: 'category',
            message: `unknown category '${writeCategoryPath(row.fields.category)}' in ${catalogue.name}; set create_category to yes to create it`,
          });
          continue;
        }
        categoryId = found;
      }
      const after = nextItem(row, before, { catalogue, categoryId, state, ids, nextSort, slugs });
      const tiers = row.fields.tiers ?? (before ? (state.tiers.get(before.id) ?? []) : []);
      planned.push({ row, before, after, tiers });
    }
    await nextTurn();
  }
  checkReplacements(planned, state, problems);
  if (problems.length > 0) return { problems };

  const changedStock = stockChanges(rows, state);
  const changedProfiles = await profileChanges(rows, state);
  const plan: ImportPlan = {
    catalogues: [...catalogues.values()].filter((catalogue) => !state.catalogues.includes(catalogue)),
    categories: categories.created,
    items: [],
    tiers: new Map(),
    stock: new Map([...changedStock].map(([sku, change]) => [sku, change.stock])),
    profiles: new Map([...changedProfiles].map(([sku, change]) => [sku, change.profile])),
    accounts: accounts.moves,
    counts: { created: 0, updated: 0, unchanged: 0 },
  };
  for (const [index, { row, before, after, tiers }] of planned.entries()) {
    if (index % ROWS_PER_TURN === 0) await nextTurn();
    const tiersChanged = writeTiers(tiers) !== writeTiers(before ? (state.tiers.get(before.id) ?? []) : []);
    const itemChanged = !before || !sameItem(before, after);
    if (itemChanged) plan.items.push(after);
    if (tiersChanged || (!before && tiers.length > 0)) plan.tiers.set(after.id, tiers);
    // What belongs to the SKU, or moves accounts, is counted on the row that changes it.
    const elsewhere =
      changedStock.get(row.sku)?.row === row.row ||
      changedProfiles.get(row.sku)?.row === row.row ||
      accounts.movedBy.has(row.row);
    if (!before) plan.counts.created += 1;
    else if (itemChanged || tiersChanged || elsewhere) plan.counts.updated += 1;
    else plan.counts.unchanged += 1;
  }
  return { plan };
}

interface ItemContext {
  catalogue: CatalogueRow;
  categoryId: string;
  state: CatalogueState;
  ids: NewIds;
  nextSort: Map<string, number>;
  slugs: ReturnType<typeof slugRegistry>;
}

/** The item as the row leaves it: the row's fields over what it was (or a new product's defaults). */
function nextItem(row: CheckedRow, before: ItemRow | undefined, context: ItemContext): ItemRow {
  const { catalogue, categoryId, state, ids, nextSort, slugs } = context;
  const { fields } = row;
  const base: ItemRow = before ?? {
    id: ids.item(),
    catalogueId: catalogue.id,
    categoryId,
    sku: row.sku,
    name: '',
    slug: '',
    shortDescription: '',
    description: '',
    images: [],
    unit: '',
    requiresConfiguration: null,
    productTemplateId: state.productTemplateId ?? '',
    listPrice: 0,
    negotiatedPrice: null,
    priceSource: catalogue.priceSource,
    attributes: {},
    customAction: null,
    sortOrder: nextSort.get(catalogue.id) ?? 1,
    specifications: [],
    hazards: [],
    documents: [],
    discontinued: false,
    replacementSku: null,
  };
  if (!before) nextSort.set(catalogue.id, base.sortOrder + 1);
  const after: ItemRow = {
    ...base,
    categoryId,
    name: fields.name ?? base.name,
    shortDescription: fields.shortDescription ?? base.shortDescription,
    description: fields.description ?? base.description,
    images: fields.images ?? base.images,
    unit: fields.unit ?? base.unit,
    requiresConfiguration:
      fields.requiresConfiguration !== undefined ? fields.requiresConfiguration : base.requiresConfiguration,
    listPrice: fields.listPrice ?? base.listPrice,
    negotiatedPrice: fields.price !== undefined ? fields.price : base.negotiatedPrice,
    attributes: fields.attributes ?? base.attributes,
    specifications: fields.specifications ?? base.specifications,
    hazards: fields.hazards ?? base.hazards,
    documents: fields.documents ?? base.documents,
    discontinued: fields.discontinued ?? base.discontinued,
    // A product sold again has no replacement; a discontinued one keeps its own unless the row gives one.
    replacementSku:
      fields.replacementSku !== undefined
        ? fields.replacementSku
        : (fields.discontinued ?? base.discontinued)
          ? base.replacementSku
          : null,
  };
  if (!before) after.slug = slugs.claim(catalogue.id, row.sku, after.name);
  return after;
}

/** Whether the row changes nothing the file holds of the item (the database keeps an object's keys reordered). */
function sameItem(a: ItemRow, b: ItemRow): boolean {
  const pairs = (entries: readonly { name: string; value: string }[]) =>
    entries.map(({ name, value }) => [name, value]);
  const attributes = (record: Record<string, string>) =>
    Object.entries(record).sort(([x], [y]) => (x < y ? -1 : 1));
  const documents = (list: ItemRow['documents']) => list.map(({ title, url }) => [title, url]);
  return (
    a.categoryId === b.categoryId &&
    a.name === b.name &&
    a.shortDescription === b.shortDescription &&
    a.description === b.description &&
    a.unit === b.unit &&
    a.requiresConfiguration === b.requiresConfiguration &&
    a.listPrice === b.listPrice &&
    a.negotiatedPrice === b.negotiatedPrice &&
    a.discontinued === b.discontinued &&
    a.replacementSku === b.replacementSku &&
    JSON.stringify([
      a.images,
      a.hazards,
      pairs(a.specifications),
      attributes(a.attributes),
      documents(a.documents),
    ]) ===
      JSON.stringify([
        b.images,
        b.hazards,
        pairs(b.specifications),
        attributes(b.attributes),
        documents(b.documents),
      ])
  );
}

/**
 * Each catalogue the rows name, by name key: the storefront's, or a new account catalogue when the rows name
 * the accounts that buy from it; an empty name is the full catalogue.
 */
function resolveCatalogues(
  rows: readonly CheckedRow[],
  state: CatalogueState,
  ids: NewIds,
  problems: FileProblem[],
): Map<string, CatalogueRow> {
  const full = state.catalogues.find((catalogue) => catalogue.type === 'Full');
  const byName = new Map<string, CatalogueRow[]>();
  for (const catalogue of state.catalogues)
    byName.set(nameKey(catalogue.name), [...(byName.get(nameKey(catalogue.name)) ?? []), catalogue]);
  const withAccounts = new Set(
    rows.filter((row) => row.fields.accounts?.length).map((row) => nameKey(row.catalogue)),
  );
  const resolved = new Map<string, CatalogueRow>();
  const refused = new Set<string>();
  for (const row of rows) {
    const key = nameKey(row.catalogue);
    if (resolved.has(key) || refused.has(key)) continue;
    const named = row.catalogue === null ? (full ? [full] : []) : (byName.get(key) ?? []);
    if (named.length === 1 && named[0]) resolved.set(key, named[0]);
    else if (named.length > 1) {
      refused.add(key);
      problems.push({
        row: row.row,
        column: 'catalogue',
        message: `the storefront has ${named.length} catalogues named ${row.catalogue}`,
      });
    } else if (row.catalogue !== null && full && withAccounts.has(key)) {
      resolved.set(key, {
        id: ids.catalogue(),
        storefrontId: state.storefrontId,
        accountId: null,
        name: row.catalogue,
        type: 'eCatalog account custom',
        priceSource: 'Catalog Price',
        currency: full.currency,
      });
    } else {
      refused.add(key);
      problems.push({
        row: row.row,
        column: 'catalogue',
        message:
          row.catalogue === null || !full
            ? 'the storefront has no full catalogue'
            : `unknown catalogue ${row.catalogue}; name the accounts that buy from it (accounts column) to create it`,
      });
    }
  }
  return resolved;
}

/** The accounts each catalogue's rows name, and which of them move to it (counted on the row naming them). */
function resolveAccounts(
  rows: readonly CheckedRow[],
  state: CatalogueState,
  catalogues: Map<string, CatalogueRow>,
  problems: FileProblem[],
): { moves: Map<string, string[]>; movedBy: Set<number> } {
  const byName = new Map<string, typeof state.accounts>();
  for (const account of state.accounts)
    byName.set(nameKey(account.name), [...(byName.get(nameKey(account.name)) ?? []), account]);
  const moves = new Map<string, string[]>();
  const movedBy = new Set<number>();
  const moved = new Set<string>();
  for (const row of rows) {
    const catalogue = catalogues.get(nameKey(row.catalogue));
    if (!catalogue || !row.fields.accounts?.length) continue;
    if (catalogue.type === 'Full') {
      problems.push({
        row: row.row,
        column: 'accounts',
        message:
          'the full catalogue is every account’s without one of its own; name accounts on their catalogue’s rows',
      });
      continue;
    }
    for (const name of row.fields.accounts) {
      const found = byName.get(nameKey(name)) ?? [];
      const [account] = found;
      if (found.length !== 1 || !account) {
        problems.push({
          row: row.row,
          column: 'accounts',
          message: found.length
            ? `the storefront has ${found.length} accounts named ${name}`
            : `unknown account ${name}`,
        });
        continue;
      }
      if (account.catalogueId === catalogue.id || moved.has(account.id)) continue;
      moved.add(account.id);
      moves.set(catalogue.id, [...(moves.get(catalogue.id) ?? []), account.id]);
      movedBy.add(row.row);
    }
  }
  return { moves, movedBy };
}

/**
 * Categories by path in each catalogue. A path the catalogue lacks is created when the row asks for it, or when
 * the full catalogue has it (account catalogues keep the full catalogue's categories).
 */
function categoryResolver(state: CatalogueState, ids: NewIds) {
  const paths = categoryPaths(state.categories);
  const known = new Map<string, string>();
  const slugs = new Map<string, Set<string>>();
  const nextSort = new Map<string, number>();
  const fullPaths = new Map<string, CategoryRow>();
  const full = state.catalogues.find((catalogue) => catalogue.type === 'Full');
  for (const category of state.categories) {
    const path = paths.get(category.id) ?? [category.name];
    known.set(`${category.catalogueId}\n${pathKey(path)}`, category.id);
    slugs.set(category.catalogueId, (slugs.get(category.catalogueId) ?? new Set()).add(category.slug));
    nextSort.set(
      category.catalogueId,
      Math.max(nextSort.get(category.catalogueId) ?? 0, category.sortOrder + 1),
    );
    if (category.catalogueId === full?.id) fullPaths.set(pathKey(path), category);
  }
  const created: CategoryRow[] = [];
  const create = (catalogue: CatalogueRow, path: readonly string[], parentId: string | null): string => {
    const name = path[path.length - 1] ?? '';
    const taken = slugs.get(catalogue.id) ?? new Set<string>();
    slugs.set(catalogue.id, taken);
    const base = slugify(path.join(' ')) || 'category';
    let slug = slugify(name) || base;
    for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
    taken.add(slug);
    const sortOrder = fullPaths.get(pathKey(path))?.sortOrder ?? nextSort.get(catalogue.id) ?? 1;
    nextSort.set(catalogue.id, Math.max(nextSort.get(catalogue.id) ?? 1, sortOrder + 1));
    const category = { id: ids.category(), catalogueId: catalogue.id, name, slug, parentId, sortOrder };
    created.push(category);
    known.set(`${catalogue.id}\n${pathKey(path)}`, category.id);
    return category.id;
  };
  return {
    created,
    /** The category's id, created with the categories above it if need be; undefined when it may not be. */
    resolve(catalogue: CatalogueRow, path: readonly string[], mayCreate: boolean): string | undefined {
      const id = known.get(`${catalogue.id}\n${pathKey(path)}`);
      if (id) return id;
      if (!mayCreate && !fullPaths.has(pathKey(path))) return undefined;
      let parentId: string | null = null;
      for (let depth = 1; depth <= path.length; depth += 1) {
        const prefix = path.slice(0, depth);
        parentId = known.get(`${catalogue.id}\n${pathKey(prefix)}`) ?? create(catalogue, prefix, parentId);
      }
      return parentId ?? undefined;
    },
  };
}

/**
 * Product slugs, unique in each catalogue: a product keeps the slug it has in the storefront's other
 * catalogues (so its address is the same whichever catalogue shows it), else one made from its name.
 */
function slugRegistry(state: CatalogueState) {
  const taken = new Map<string, Set<string>>();
  const bySku = new Map<string, string>();
  for (const item of state.items) {
    taken.set(item.catalogueId, (taken.get(item.catalogueId) ?? new Set()).add(item.slug));
    bySku.set(item.sku, item.slug);
  }
  return {
    claim(catalogueId: string, sku: string, name: string): string {
      const used = taken.get(catalogueId) ?? new Set<string>();
      taken.set(catalogueId, used);
      const base = bySku.get(sku) ?? (slugify(name) || slugify(sku));
      let slug = used.has(base) ? `${base}-${slugify(sku)}` : base;
      for (let n = 2; used.has(slug); n += 1) slug = `${base}-${slugify(sku)}-${n}`;
      used.add(slug);
      bySku.set(sku, slug);
      return slug;
    },
  };
}

/** A replacement must be sold on the storefront once the file is applied: in a catalogue, not discontinued. */
function checkReplacements(
  planned: readonly { row: CheckedRow; after: ItemRow }[],
  state: CatalogueState,
  problems: FileProblem[],
): void {
  const after = new Map(state.items.map((item) => [item.id, item]));
  for (const { after: item } of planned) after.set(item.id, item);
  const sold = new Set([...after.values()].filter((item) => !item.discontinued).map((item) => item.sku));
  for (const { row, after: item } of planned) {
    if (item.replacementSku && item.replacementSku !== item.sku && !sold.has(item.replacementSku))
      problems.push({
        row: row.row,
        column: 'replacement_sku',
        message: `${item.replacementSku} is not a product the storefront sells`,
      });
  }
}

/** The SKUs whose stock the rows change: stated by a row's cell (counted on that row), or cleared. */
function stockChanges(
  rows: readonly CheckedRow[],
  state: CatalogueState,
): Map<string, { row: number; stock: Stock[] }> {
  const stated = new Map<string, { row: number; stock: Stock[] }>();
  const mentioned = new Map<string, number>();
  for (const row of rows) {
    if (row.fields.stock === undefined) continue;
    if (!mentioned.has(row.sku)) mentioned.set(row.sku, row.row);
    if (row.fields.stock && !stated.has(row.sku))
      stated.set(row.sku, { row: row.row, stock: row.fields.stock });
  }
  const changes = new Map<string, { row: number; stock: Stock[] }>();
  for (const [sku, row] of mentioned) {
    const next = stated.get(sku) ?? { row, stock: [] };
    if (writeStock(next.stock) !== writeStock(state.stock.get(sku) ?? [])) changes.set(sku, next);
  }
  return changes;
}
