import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CrmDatabase, CrmDb } from '../db/open';
import * as schema from '../db/schema';
import { addDemoCatalogueSearch } from './catalogue-search';
import { addDemoConfigurator, addDemoInstallBaseCatalogue } from './configurator';
import { addDemoCourses } from './courses';
import { addDemoCpqRules } from './cpq';
import { buildDemoData, type DemoData } from './demo';
import { addDemoInstallBase } from './install-base';
import { addDemoKnowledgeArticles } from './knowledge';
import { addDemoPaymentMethods } from './payment-methods';
import { addDemoPreparedQuotes } from './sales-quotes';
import { DEMO_RELATED_ACCOUNTS } from './storefronts';

export interface SeedResult {
  seeded: boolean;
  storefronts: { domain: string; name: string; guest: boolean }[];
  /** The demo accounts, for whoever creates sign-in users for them. */
  accounts: { id: string; name: string; storefrontDomain: string; isGuest: boolean }[];
}

/** Any constant works; it only has to be the same for every process seeding this database. */
const SEED_LOCK_KEY = 7_310_115;
/** Rows per INSERT, well below PostgreSQL's 65,535 bind parameters for the widest table. */
const CHUNK = 500;

/**
 * Seeds the demo in one transaction when the database has no organisation yet. A database seeded before gets
 * the demo pages added since (by storefront and name), and nothing else changes.
 */
export async function seedDemoIfEmpty(database: CrmDatabase): Promise<SeedResult> {
  const seeded = await database.db.transaction(async (tx) => {
    // Two processes starting on one empty PostgreSQL database must not both seed it.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ count: count() }).from(schema.organisations);
    if ((existing?.count ?? 0) > 0) {
      const data = buildDemoData();
      await addMissingStorefronts(tx, data);
      await addMissingTemplates(tx, data);
      await addMissingShippingProfiles(tx, data);
      await addMissingPurchaseOrderSettings(tx, data);
      await addMissingRelatedAccounts(tx, data);
      await addDemoRecords(tx);
      return false;
    }
    await writeDemo(tx, buildDemoData());
    await addDemoRecords(tx);
    return true;
  });
  return { seeded, ...(await describeStorefronts(database.db)) };
}

/**
 * The demo's records of each account and storefront that has none of them yet (cards, instruments, articles,
 * prepared quotes, courses, configuration rules, parts trees, the Install Base catalogue), in that order: later
 * ones read earlier ones. On a fresh seed and at every start of a data dir seeded before they existed.
 */
async function addDemoRecords(tx: CrmDb): Promise<void> {
  await addDemoPaymentMethods(tx);
  await addDemoInstallBase(tx);
  await addDemoKnowledgeArticles(tx);
  await addDemoPreparedQuotes(tx);
  await addDemoCourses(tx);
  await addDemoCpqRules(tx);
  await addDemoConfigurator(tx);
  await addDemoInstallBaseCatalogue(tx);
  await addDemoCatalogueSearch(tx);
}

async function writeDemo(db: CrmDb, data: DemoData): Promise<void> {
  await insertAll(db, schema.organisations, data.organisations);
  await insertAll(db, schema.themes, data.themes);
  // Storefronts and accounts point at each other (guest account), as do accounts and catalogues (own
  // eCatalog): insert without those links, then set them.
  await insertAll(
    db,
    schema.storefronts,
    data.storefronts.map((row) => ({ ...row, guestAccountId: null })),
  );
  await insertAll(db, schema.templates, data.templates);
  await insertAll(
    db,
    schema.accounts,
    data.accounts.map((row) => ({ ...row, catalogueId: null })),
  );
  await insertAll(db, schema.locations, data.locations);
  await insertAll(db, schema.portalAccessibleAccounts, data.portalAccessibleAccounts);
  await insertAll(db, schema.catalogues, data.catalogues);
  await insertAll(db, schema.categories, data.categories);
  await insertAll(db, schema.catalogueItems, data.catalogueItems);
  await insertAll(db, schema.quantityTiers, data.quantityTiers);
  await insertAll(db, schema.offers, data.offers);
  await insertAll(db, schema.offerItems, data.offerItems);
  await insertAll(db, schema.promoCodes, data.promoCodes);
  await insertAll(db, schema.promoCodeItems, data.promoCodeItems);
  await insertAll(db, schema.metaItems, data.metaItems);
  await insertAll(db, schema.productLots, data.productLots);
  await insertAll(db, schema.shippingProfiles, data.shippingProfiles);
  await insertAll(db, schema.purchaseOrderSettings, data.purchaseOrderSettings);
  for (const { id, guestAccountId } of data.storefronts) {
    if (guestAccountId)
      await db.update(schema.storefronts).set({ guestAccountId }).where(eq(schema.storefronts.id, id));
  }
  for (const { id, catalogueId } of data.accounts) {
    if (catalogueId) await db.update(schema.accounts).set({ catalogueId }).where(eq(schema.accounts.id, id));
  }
}

/**
 * Demo storefronts of a later version (the sign-in storefronts) reach a data dir seeded by an earlier one,
 * with everything of theirs; a storefront the data dir has (by domain) is left as it is. Their ids follow
 * every earlier row of the demo, so they are free.
 */
async function addMissingStorefronts(db: CrmDb, data: DemoData): Promise<void> {
  const present = await db.select({ domain: schema.storefronts.domain }).from(schema.storefronts);
  const domains = new Set(present.map((row) => row.domain));
  const missing = new Set(data.storefronts.filter((row) => !domains.has(row.domain)).map((row) => row.id));
  if (missing.size > 0) await writeDemo(db, storefrontsOf(data, missing));
}

/** The rows of some of the demo's storefronts: theirs, their accounts' and their catalogues'. */
function storefrontsOf(data: DemoData, storefrontIds: ReadonlySet<string>): DemoData {
  const ofStorefront = <T extends { storefrontId: string }>(rows: T[]) =>
    rows.filter((row) => storefrontIds.has(row.storefrontId));
  const ids = (rows: { id?: string }[]) => new Set(rows.map((row) => row.id));
  const accounts = ofStorefront(data.accounts);
  const accountIds = ids(accounts);
  const catalogues = ofStorefront(data.catalogues);
  const catalogueIds = ids(catalogues);
  const catalogueItems = data.catalogueItems.filter((row) => catalogueIds.has(row.catalogueId));
  const itemIds = ids(catalogueItems);
  const offers = ofStorefront(data.offers);
  const offerIds = ids(offers);
  const promoCodes = ofStorefront(data.promoCodes);
  const promoCodeIds = ids(promoCodes);
  return {
    organisations: [],
    themes: data.themes.filter((row) => row.storefront && storefrontIds.has(row.storefront)),
    storefronts: data.storefronts.filter((row) => storefrontIds.has(row.id)),
    templates: ofStorefront(data.templates),
    accounts,
    portalAccessibleAccounts: data.portalAccessibleAccounts.filter((row) =>
      accountIds.has(row.masterAccountId),
    ),
    locations: data.locations.filter((row) => accountIds.has(row.accountId)),
    catalogues,
    categories: data.categories.filter((row) => catalogueIds.has(row.catalogueId)),
    catalogueItems,
    quantityTiers: data.quantityTiers.filter((row) => itemIds.has(row.itemId)),
    offers,
    offerItems: data.offerItems.filter((row) => offerIds.has(row.offerId)),
    promoCodes,
    promoCodeItems: data.promoCodeItems.filter((row) => promoCodeIds.has(row.promoCodeId)),
    metaItems: ofStorefront(data.metaItems),
    productLots: [],
    shippingProfiles: [],
    purchaseOrderSettings: ofStorefront(data.purchaseOrderSettings),
  };
}

/**
 * Demo pages of a later version (the cart, the guidance) reach a data dir seeded by an earlier one. Pages it
 * has are left as they are, whatever an administrator changed; a page's id is kept unless another row has
 * taken it, since ids follow the demo's order.
 */
async function addMissingTemplates(db: CrmDb, data: DemoData): Promise<void> {
  const existing = await db
    .select({
      id: schema.templates.id,
      storefrontId: schema.templates.storefrontId,
      name: schema.templates.name,
    })
    .from(schema.templates);
  const pages = new Set(existing.map((row) => `${row.storefrontId}/${row.name}`));
  const ids = new Set(existing.map((row) => row.id));
  const missing = data.templates.filter((row) => !pages.has(`${row.storefrontId}/${row.name}`));
  await insertAll(
    db,
    schema.templates,
    missing.map((row) => (ids.has(row.id) ? { ...row, id: randomUUID() } : row)),
  );
}

/**
 * Products of a data dir seeded before shipping profiles existed get theirs, so their quotes can be rated;
 * a profile already there (perhaps edited) is kept. The demo's one organisation is the data dir's.
 */
async function addMissingShippingProfiles(db: CrmDb, data: DemoData): Promise<void> {
  const [organisation] = await db.select({ id: schema.organisations.id }).from(schema.organisations).limit(1);
  if (!organisation) return;
  const rows = data.shippingProfiles.map((row) => ({ ...row, organisationId: organisation.id }));
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db
      .insert(schema.shippingProfiles)
      .values(rows.slice(start, start + CHUNK))
      .onConflictDoNothing();
  }
}

/**
 * The demo storefronts' PO settings reach a data dir seeded before checkout; a storefront that has settings
 * keeps them, and one the data dir does not have gets none.
 */
async function addMissingPurchaseOrderSettings(db: CrmDb, data: DemoData): Promise<void> {
  const storefronts = await db.select({ id: schema.storefronts.id }).from(schema.storefronts);
  const present = new Set(storefronts.map((row) => row.id));
  const rows = data.purchaseOrderSettings.filter((row) => present.has(row.storefrontId));
  if (rows.length > 0) await db.insert(schema.purchaseOrderSettings).values(rows).onConflictDoNothing();
}

/**
 * Halvorsen's related sites and the portal accessible account records reach a data dir seeded before them
 * (docs/decisions/0025): the sites with their own catalogue, locations and addresses, once; records are added
 * between the accounts the data dir has, by name. The demo's ids follow every earlier row, so they are free
 * (rows made since, such as prospects, take random ids).
 */
async function addMissingRelatedAccounts(db: CrmDb, data: DemoData): Promise<void> {
  const existing = await db
    .select({
      id: schema.accounts.id,
      name: schema.accounts.name,
      storefrontId: schema.accounts.storefrontId,
    })
    .from(schema.accounts);
  const key = (row: { storefrontId: string; name: string }) => `${row.storefrontId}/${row.name}`;
  const present = new Set(existing.map(key));
  const presentStorefronts = new Set(existing.map((row) => row.storefrontId));
  const accounts = data.accounts.filter(
    (row) =>
      DEMO_RELATED_ACCOUNTS.some((site) => site.name === row.name) &&
      presentStorefronts.has(row.storefrontId) &&
      !present.has(key(row)),
  );
  if (accounts.length > 0) {
    const accountIds = new Set(accounts.map((row) => row.id));
    const catalogues = data.catalogues.filter((row) => row.accountId && accountIds.has(row.accountId));
    const catalogueIds = new Set(catalogues.map((row) => row.id));
    const items = data.catalogueItems.filter((row) => catalogueIds.has(row.catalogueId));
    const itemIds = new Set(items.map((row) => row.id));
    await insertAll(
      db,
      schema.accounts,
      accounts.map((row) => ({ ...row, catalogueId: null })),
    );
    await insertAll(
      db,
      schema.locations,
      data.locations.filter((row) => accountIds.has(row.accountId)),
    );
    await insertAll(db, schema.catalogues, catalogues);
    await insertAll(
      db,
      schema.categories,
      data.categories.filter((row) => catalogueIds.has(row.catalogueId)),
    );
    await insertAll(db, schema.catalogueItems, items);
    await insertAll(
      db,
      schema.quantityTiers,
      data.quantityTiers.filter((row) => itemIds.has(row.itemId)),
    );
    for (const { id, catalogueId } of accounts) {
      if (catalogueId)
        await db.update(schema.accounts).set({ catalogueId }).where(eq(schema.accounts.id, id));
    }
    existing.push(...accounts.map(({ id, name, storefrontId }) => ({ id, name, storefrontId })));
  }
  const idOf = (accountId: string) => {
    const demo = data.accounts.find((row) => row.id === accountId);
    return demo && existing.find((row) => key(row) === key(demo))?.id;
  };
  const records = data.portalAccessibleAccounts.flatMap((record) => {
    const masterAccountId = idOf(record.masterAccountId);
    const relatedAccountId = idOf(record.relatedAccountId);
    return masterAccountId && relatedAccountId ? [{ ...record, masterAccountId, relatedAccountId }] : [];
  });
  if (records.length > 0)
    await db.insert(schema.portalAccessibleAccounts).values(records).onConflictDoNothing();
}

async function insertAll<T extends PgTable>(db: CrmDb, table: T, rows: T['$inferInsert'][]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db.insert(table).values(rows.slice(start, start + CHUNK));
  }
}

/** The active storefronts (domain, name, guest or sign-in only) and their accounts, for the start-up summary. */
export async function describeStorefronts(db: CrmDb): Promise<Omit<SeedResult, 'seeded'>> {
  const rows = await db
    .select({
      storefront: schema.storefronts,
      account: { id: schema.accounts.id, name: schema.accounts.name, isGuest: schema.accounts.isGuest },
    })
    .from(schema.storefronts)
    .leftJoin(schema.accounts, eq(schema.accounts.storefrontId, schema.storefronts.id))
    .where(eq(schema.storefronts.active, true))
    .orderBy(schema.storefronts.name, schema.accounts.name);
  const storefronts = new Map<string, SeedResult['storefronts'][number]>();
  const accounts: SeedResult['accounts'] = [];
  for (const { storefront, account } of rows) {
    const { domain, name, guestAccountId } = storefront;
    storefronts.set(storefront.id, { domain, name, guest: guestAccountId !== null });
    if (account) accounts.push({ ...account, storefrontDomain: domain });
  }
  return { storefronts: [...storefronts.values()], accounts };
}
