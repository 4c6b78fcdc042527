/**
 * A category page with filters and a sort over a big category (issue target: the filter over 2,000 items in
 * at most 30 ms of server time). The guest storefront's catalogue gets generated items until its antibody
 * category holds BENCH_CATALOGUE_ITEMS (default 2,000) and every other category twice its demo items; then,
 * one call at a time and uncached (the CRM app in process, no gateway), BENCH_CATALOGUE_OPS calls (default 300)
 * of each kind a list page asks, and the pages themselves, on each engine the tests use (PGlite, and PostgreSQL
 * when TEST_DATABASE_URL or its default answers). `npm run bench:catalogue-filter`; the combined bench calls
 * measureCatalogueFilter.
 */
import { pathToFileURL } from 'node:url';
import {
  CATALOGUE_PAGE_SIZE,
  type CATALOGUE_SORTS,
  PICKLIST_FIELDS,
  type PicklistField,
} from '@storefront/contracts';
import { roundMoney } from '@storefront/contracts/money';
import { salesforceId } from '@storefront/crm/core/ids';
import { uniqueSlugs } from '@storefront/crm/core/slug';
import * as schema from '@storefront/crm/db/schema';
import { createPrng, type Prng } from '@storefront/crm/seed/prng';
import { type Answer, openSeededCrm, type SeededCrm, testEngines } from '@storefront/crm/testing';
import { and, eq, inArray } from 'drizzle-orm';

const CATEGORY_ITEMS = Number(process.env.BENCH_CATALOGUE_ITEMS ?? 2000);
const OPS = Number(process.env.BENCH_CATALOGUE_OPS ?? 300);
/** Rounds made and discarded first, so JIT and first-use costs (plans, caches) stay out of the figures. */
const WARM_UP_OPS = 30;
const TARGET_MS = 30;
/** The demo category the bench fills, the one /flow-cytometry and the antibody category page list. */
const CATEGORY_SLUG = 'flow-cytometry-antibodies';
const CHUNK = 500;
/** Far above the demo's record numbers, so generated ids never meet the seed's. */
const FIRST_RECORD = 1_000_000;

/** Other makers and pack sizes the generated items come in: the facets and prices a real range varies by. */
const BRANDS = ['NovaFlow', 'CytoPrime', 'LumaCyte', 'Helix Bioscience', 'Arbor Labs'] as const;
const FORMATS = ['Liquid', 'Lyophilized'] as const;
const PACKS = [2, 5, 10, 25] as const;

/** What a list page's URL may ask: one or two picklist filters and a sort, on its first or a later page. */
interface ListQuery {
  filters: Partial<Record<PicklistField, string[]>>;
  sort: (typeof CATALOGUE_SORTS)[number];
  page: number;
}
const QUERIES: readonly ListQuery[] = [
  { filters: { Species: ['Human'] }, sort: 'price-asc', page: 1 },
  { filters: { Species: ['Mouse'], Conjugate: ['PE', 'APC'] }, sort: 'name', page: 1 },
  { filters: { Brand: ['CytoPrime', 'LumaCyte'], Conjugate: ['FITC'] }, sort: 'price-desc', page: 1 },
  { filters: { Conjugate: ['Brilliant Violet 421'] }, sort: 'sku', page: 2 },
  { filters: { Format: ['Lyophilized'], Species: ['Human'] }, sort: 'price-asc', page: 3 },
];

type ItemRow = typeof schema.catalogueItems.$inferSelect;

export interface CatalogueFilterFigures {
  engine: string;
  /** retrieveCatalogNG with the category, filters and a sort. */
  filterP50: number;
  filterP99: number;
  /** A category page: its page of items and every picklist's counts, asked together as the page does. */
  pageP99: number;
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** A demo item in another maker's pack of several: its own SKU, name, slug, price and facets. */
function variantOf(source: ItemRow, record: number, prng: Prng): ItemRow {
  const brand = prng.pick(BRANDS);
  const pack = prng.pick(PACKS);
  // A pack costs 80-100 % of its units bought one by one: makers price differently.
  const factor = pack * (0.8 + prng.int(0, 20) / 100);
  return {
    ...source,
    id: salesforceId('a0I', record),
    sku: `${source.sku}-${record}`,
    name: `${brand} ${source.name}, pack of ${pack}`,
    unit: `${pack} × ${source.unit}`,
    listPrice: roundMoney(source.listPrice * factor),
    negotiatedPrice: source.negotiatedPrice === null ? null : roundMoney(source.negotiatedPrice * factor),
    attributes: { ...source.attributes, Brand: brand, Format: prng.pick(FORMATS) },
    sortOrder: record,
  };
}

/**
 * Fills the guest storefront's catalogue: generated variants of the category's demo items until it holds
 * CATEGORY_ITEMS, and one variant of every other item; quantity tiers as their demo item has. The category's
 * id and the catalogue's size.
 */
async function growCatalogue(crm: SeededCrm): Promise<{ categoryId: string; catalogueItems: number }> {
  const { db } = crm.database;
  const [category] = await db
    .select({ id: schema.categories.id, catalogueId: schema.categories.catalogueId })
    .from(schema.categories)
    .innerJoin(schema.catalogues, eq(schema.catalogues.id, schema.categories.catalogueId))
    .where(
      and(
        eq(schema.catalogues.storefrontId, crm.ids.storefrontA),
        eq(schema.catalogues.type, 'Full'),
        eq(schema.categories.slug, CATEGORY_SLUG),
      ),
    );
  if (!category) throw new Error(`The demo has no ${CATEGORY_SLUG} category in the guest catalogue`);
  const demoItems = await db
    .select()
    .from(schema.catalogueItems)
    .where(eq(schema.catalogueItems.catalogueId, category.catalogueId));
  const inCategory = demoItems.filter((item) => item.categoryId === category.id);
  const sources = [
    ...Array.from(
      { length: Math.max(0, CATEGORY_ITEMS - inCategory.length) },
      (_, i) => inCategory[i % inCategory.length] as ItemRow,
    ),
    ...demoItems.filter((item) => item.categoryId !== category.id),
  ];
  const prng = createPrng(CATEGORY_ITEMS);
  const generated = sources.map((source, i) => variantOf(source, FIRST_RECORD + i, prng));
  const slugs = uniqueSlugs(
    [...demoItems, ...generated].map((item) => ({ text: item.name, fallback: item.sku })),
  ).slice(demoItems.length);
  const items = generated.map((item, i) => ({ ...item, slug: slugs[i] ?? item.sku }));

  const demoTiers = await db
    .select()
    .from(schema.quantityTiers)
    .where(
      inArray(
        schema.quantityTiers.itemId,
        demoItems.map((item) => item.id),
      ),
    );
  const tiersOf = new Map<string, (typeof demoTiers)[number][]>();
  for (const tier of demoTiers) tiersOf.set(tier.itemId, [...(tiersOf.get(tier.itemId) ?? []), tier]);
  let tierRecord = FIRST_RECORD;
  const tiers = items.flatMap((item, i) =>
    (tiersOf.get(sources[i]?.id ?? '') ?? []).map((tier) => ({
      ...tier,
      id: salesforceId('a0Q', tierRecord++),
      itemId: item.id,
      price: roundMoney((tier.price * item.listPrice) / (sources[i]?.listPrice || 1)),
    })),
  );
  for (let start = 0; start < items.length; start += CHUNK)
    await db.insert(schema.catalogueItems).values(items.slice(start, start + CHUNK));
  for (let start = 0; start < tiers.length; start += CHUNK)
    await db.insert(schema.quantityTiers).values(tiers.slice(start, start + CHUNK));
  return { categoryId: category.id, catalogueItems: demoItems.length + items.length };
}

/** A row's samples: wall time per call (or page), and this process's CPU time over them all. */
interface Samples {
  ms: number[];
  cpuMs: number;
}

/**
 * Times calls made together, as a page's loader waits for them (one call alone is a page of one), with the
 * CPU this process spent meanwhile. A failed call (any answer but 200) throws: its time would mislead.
 */
async function measure(calls: () => Promise<Answer<unknown>[]>): Promise<{ ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const answers = await calls();
  const ms = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);
  const failed = answers.find((answer) => answer.status !== 200);
  if (failed) throw new Error(`${failed.status} ${JSON.stringify(failed.body).slice(0, 300)}`);
  return { ms, cpuMs: (user + system) / 1000 };
}

interface EngineRun {
  engine: string;
  categoryItems: number;
  catalogueItems: number;
  loadedMs: number;
  /** Per row of the table, its call times sorted. */
  rows: Record<Row, Samples>;
}

const ROWS = [
  'retrieveCatalogNG (filter)',
  'getCatalogPicklistGroupCounts',
  'getCatalogGroupCounts',
  'category page (items + 5 picklist counts)',
  'list page with category facet (+ group counts)',
] as const;
type Row = (typeof ROWS)[number];

async function measureEngine(engine: Awaited<ReturnType<typeof testEngines>>[number]): Promise<EngineRun> {
  const crm = await openSeededCrm(engine);
  try {
    const started = performance.now();
    const { categoryId, catalogueItems } = await growCatalogue(crm);
    const loadedMs = performance.now() - started;
    // A guest of the storefront, as the category page's visitors are.
    const scope = (query: ListQuery) => ({
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.guest,
      categoryId,
      filters: query.filters,
    });
    const filter = (query: ListQuery) =>
      crm.post('retrieveCatalogNG', {
        ...scope(query),
        page: query.page,
        pageSize: CATALOGUE_PAGE_SIZE,
        sort: query.sort,
      });
    const picklist = (query: ListQuery, field: PicklistField) =>
      crm.post('getCatalogPicklistGroupCounts', { ...scope(query), field });
    // A list page whose category was chosen in its facet also counts the items per category.
    const groups = (query: ListQuery) => crm.post('getCatalogGroupCounts', scope(query));
    const categoryPage = (query: ListQuery) => [
      filter(query),
      ...PICKLIST_FIELDS.map((field) => picklist(query, field)),
    ];
    const calls: Record<Row, (query: ListQuery, op: number) => Promise<Answer<unknown>>[]> = {
      'retrieveCatalogNG (filter)': (query) => [filter(query)],
      getCatalogPicklistGroupCounts: (query, op) => [
        picklist(query, PICKLIST_FIELDS[op % PICKLIST_FIELDS.length] as PicklistField),
      ],
      getCatalogGroupCounts: (query) => [groups(query)],
      'category page (items + 5 picklist counts)': categoryPage,
      'list page with category facet (+ group counts)': (query) => [...categoryPage(query), groups(query)],
    };

    const { body: whole } = await filter({ filters: {}, sort: 'name', page: 1 });
    const rows = Object.fromEntries(ROWS.map((row): [Row, Samples] => [row, { ms: [], cpuMs: 0 }])) as Record<
      Row,
      Samples
    >;
    for (let op = 0; op < WARM_UP_OPS + OPS; op++) {
      const query = QUERIES[op % QUERIES.length] as ListQuery;
      for (const row of ROWS) {
        const { ms, cpuMs } = await measure(() => Promise.all(calls[row](query, op)));
        if (op < WARM_UP_OPS) continue;
        rows[row].ms.push(ms);
        rows[row].cpuMs += cpuMs;
      }
    }
    for (const row of ROWS) rows[row].ms.sort((a, b) => a - b);
    return { engine: engine.name, categoryItems: whole.totalCount, catalogueItems, loadedMs, rows };
  } finally {
    await crm.close();
  }
}

function report(run: EngineRun): CatalogueFilterFigures {
  const filter = run.rows['retrieveCatalogNG (filter)'].ms;
  const figures = {
    engine: run.engine,
    filterP50: percentile(filter, 50),
    filterP99: percentile(filter, 99),
    pageP99: percentile(run.rows['category page (items + 5 picklist counts)'].ms, 99),
  };
  console.log(
    `${run.engine}: ${run.categoryItems} items in the category, ${run.catalogueItems} in the catalogue ` +
      `(generated in ${(run.loadedMs / 1000).toFixed(1)} s); ${OPS} calls or pages per row after ` +
      `${WARM_UP_OPS} warm-up rounds, one at a time`,
  );
  // On PGlite the database runs in this process, so its CPU time is the whole server time even on a busy
  // machine; on PostgreSQL it leaves out the database server's share.
  console.table(
    ROWS.map((row) => {
      const { ms, cpuMs } = run.rows[row];
      return {
        call: row,
        'p50 ms': percentile(ms, 50).toFixed(1),
        'p99 ms': percentile(ms, 99).toFixed(1),
        'CPU ms (this process)': (cpuMs / ms.length).toFixed(1),
      };
    }),
  );
  console.log(
    `${run.engine}: filter over ${run.categoryItems} items p99 ${figures.filterP99.toFixed(1)} ms: ` +
      `${figures.filterP99 <= TARGET_MS ? 'within' : 'OVER'} the ${TARGET_MS} ms target`,
  );
  return figures;
}

/** p50/p99 of the filter and p99 of a category page, per engine; prints the whole table as it goes. */
export async function measureCatalogueFilter(): Promise<CatalogueFilterFigures[]> {
  const figures: CatalogueFilterFigures[] = [];
  for (const engine of await testEngines()) figures.push(report(await measureEngine(engine)));
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await measureCatalogueFilter();
}
