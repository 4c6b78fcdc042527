import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CrmDatabase, openCrmDatabase } from '../src/db/open';
import * as schema from '../src/db/schema';
import { seedDemoIfEmpty } from '../src/seed/seed';
import { testEngines } from '../src/testing';

const TABLES = {
  organisations: schema.organisations,
  storefronts: schema.storefronts,
  templates: schema.templates,
  accounts: schema.accounts,
  locations: schema.locations,
  portalAccessibleAccounts: schema.portalAccessibleAccounts,
  catalogues: schema.catalogues,
  categories: schema.categories,
  catalogueItems: schema.catalogueItems,
  quantityTiers: schema.quantityTiers,
  offers: schema.offers,
  offerItems: schema.offerItems,
  metaItems: schema.metaItems,
};

async function rowCounts(database: CrmDatabase): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => {
      const [row] = await database.db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe.each(await testEngines())('seeding on $name', (engine) => {
  let database: CrmDatabase;
  beforeAll(async () => {
    database = await engine.open();
  });
  afterAll(() => database.close());

  it('seeds an empty database once; a second call changes nothing', async () => {
    const first = await seedDemoIfEmpty(database);
    expect(first.seeded).toBe(true);
    expect(first.storefronts).toEqual([
      { domain: 'code.localhost', name: 'BioNova Clinical Portal', guest: false },
      { domain: 'saml.localhost', name: 'BioNova Hospital Partners', guest: false },
      { domain: 'localhost', name: 'BioNova Life Sciences', guest: true },
      { domain: '127.0.0.1', name: 'BioNova Partner Portal', guest: false },
      { domain: 'oidc.localhost', name: 'BioNova Research Network', guest: false },
    ]);
    expect(first.accounts.map((a) => a.name)).toContain('Halvorsen Research Institute');
    const counts = await rowCounts(database);
    expect(counts.catalogueItems).toBeGreaterThan(800);

    const second = await seedDemoIfEmpty(database);
    expect(second).toEqual({ ...first, seeded: false });
    expect(await rowCounts(database)).toEqual(counts);
  });

  it('adds the demo pages a database seeded by an earlier version lacks, and keeps the pages it has', async () => {
    const { templates } = schema;
    const pageNames = () =>
      database.db
        .select({ id: templates.id, name: templates.name, title: templates.Page_Title })
        .from(templates);
    const before = await pageNames();
    // As an earlier version left it: no cart page, and an administrator retitled the guidance.
    await database.db.delete(templates).where(eq(templates.name, 'cart'));
    await database.db
      .update(templates)
      .set({ Page_Title: 'Ordering at BioNova' })
      .where(eq(templates.name, 'guidance'));

    expect((await seedDemoIfEmpty(database)).seeded).toBe(false);
    const after = await pageNames();
    expect(after.map((row) => row.name).sort()).toEqual(before.map((row) => row.name).sort());
    const guidance = after.filter((row) => row.name === 'guidance').map((row) => row.title);
    expect(guidance.length).toBeGreaterThan(1);
    expect(new Set(guidance)).toEqual(new Set(['Ordering at BioNova']));
  });
});

describe.each(await testEngines())('a demo storefront of a data dir seeded before it, on $name', (engine) => {
  let database: CrmDatabase;
  beforeAll(async () => {
    database = await engine.open();
  });
  afterAll(() => database.close());

  it('is added with its pages, account and catalogue, once, keeping everything else', async () => {
    await seedDemoIfEmpty(database);
    const { db } = database;
    const full = await rowCounts(database);
    // As a data dir seeded before the storefront existed.
    const [storefront] = await db
      .select()
      .from(schema.storefronts)
      .where(eq(schema.storefronts.domain, 'code.localhost'));
    const storefrontId = storefront?.id ?? '';
    const catalogues = db
      .select({ id: schema.catalogues.id })
      .from(schema.catalogues)
      .where(eq(schema.catalogues.storefrontId, storefrontId));
    const items = db
      .select({ id: schema.catalogueItems.id })
      .from(schema.catalogueItems)
      .where(inArray(schema.catalogueItems.catalogueId, catalogues));
    await db.delete(schema.quantityTiers).where(inArray(schema.quantityTiers.itemId, items));
    await db.delete(schema.catalogueItems).where(inArray(schema.catalogueItems.catalogueId, catalogues));
    await db.delete(schema.categories).where(inArray(schema.categories.catalogueId, catalogues));
    await db.delete(schema.catalogues).where(eq(schema.catalogues.storefrontId, storefrontId));
    await db.delete(schema.accounts).where(eq(schema.accounts.storefrontId, storefrontId));
    // The demo's records every storefront gets (a data dir seeded before gets them the same way).
    await db.delete(schema.knowledgeTerms).where(eq(schema.knowledgeTerms.storefrontId, storefrontId));
    await db
      .delete(schema.catalogueSearchTerms)
      .where(eq(schema.catalogueSearchTerms.storefrontId, storefrontId));
    await db.delete(schema.catalogueSynonyms).where(eq(schema.catalogueSynonyms.storefrontId, storefrontId));
    await db.delete(schema.knowledgeArticles).where(eq(schema.knowledgeArticles.storefrontId, storefrontId));
    await db.delete(schema.courses).where(eq(schema.courses.storefrontId, storefrontId));
    await db.delete(schema.cpqOptionRules).where(eq(schema.cpqOptionRules.storefrontId, storefrontId));
    await db.delete(schema.metaItems).where(eq(schema.metaItems.storefrontId, storefrontId));
    await db
      .delete(schema.purchaseOrderSettings)
      .where(eq(schema.purchaseOrderSettings.storefrontId, storefrontId));
    await db.delete(schema.templates).where(eq(schema.templates.storefrontId, storefrontId));
    await db.delete(schema.storefronts).where(eq(schema.storefronts.id, storefrontId));
    await db.delete(schema.themes).where(eq(schema.themes.storefront, storefrontId));
    expect((await rowCounts(database)).storefronts).toBe((full.storefronts ?? 0) - 1);

    const again = await seedDemoIfEmpty(database);
    expect(again.seeded).toBe(false);
    expect(again.storefronts).toContainEqual({
      domain: 'code.localhost',
      name: 'BioNova Clinical Portal',
      guest: false,
    });
    expect(again.accounts).toContainEqual(
      expect.objectContaining({ name: 'Corvid Clinical Laboratories', storefrontDomain: 'code.localhost' }),
    );
    expect(await rowCounts(database)).toEqual(full);
    expect((await seedDemoIfEmpty(database)).seeded).toBe(false);
    expect(await rowCounts(database)).toEqual(full);
  });
});

describe.each(await testEngines())(
  'related accounts of a data dir seeded before them, on $name',
  (engine) => {
    let database: CrmDatabase;
    beforeAll(async () => {
      database = await engine.open();
    });
    afterAll(() => database.close());

    it('adds the related sites, their catalogue and the records once, keeping everything else', async () => {
      await seedDemoIfEmpty(database);
      const { db } = database;
      const names = ['Halvorsen Institute Cambridge Campus', 'Halvorsen Sequencing Core Facility'];
      const sites = await db.select().from(schema.accounts).where(inArray(schema.accounts.name, names));
      const siteIds = sites.map((site) => site.id);
      const catalogueIds = sites.flatMap((site) => (site.catalogueId ? [site.catalogueId] : []));
      const full = await rowCounts(database);
      // As a data dir seeded before related accounts existed.
      await db.delete(schema.portalAccessibleAccounts);
      await db.update(schema.accounts).set({ catalogueId: null }).where(inArray(schema.accounts.id, siteIds));
      const items = db
        .select({ id: schema.catalogueItems.id })
        .from(schema.catalogueItems)
        .where(inArray(schema.catalogueItems.catalogueId, catalogueIds));
      await db.delete(schema.quantityTiers).where(inArray(schema.quantityTiers.itemId, items));
      await db.delete(schema.catalogueItems).where(inArray(schema.catalogueItems.catalogueId, catalogueIds));
      await db.delete(schema.categories).where(inArray(schema.categories.catalogueId, catalogueIds));
      await db.delete(schema.catalogues).where(inArray(schema.catalogues.id, catalogueIds));
      await db.delete(schema.locations).where(inArray(schema.locations.accountId, siteIds));
      await db.delete(schema.installBase).where(inArray(schema.installBase.accountId, siteIds));
      await db.delete(schema.accounts).where(inArray(schema.accounts.id, siteIds));
      expect((await rowCounts(database)).catalogueItems).toBeLessThan(full.catalogueItems ?? 0);

      expect((await seedDemoIfEmpty(database)).seeded).toBe(false);
      expect(await rowCounts(database)).toEqual(full);
      const records = await db.select().from(schema.portalAccessibleAccounts);
      expect(records).toHaveLength(3);
      expect((await seedDemoIfEmpty(database)).seeded).toBe(false);
      expect(await rowCounts(database)).toEqual(full);
    });
  },
);

/** The pid of a process that has exited, for a stale lock. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('PGlite data dir', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'crm-data-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps data across opens, refuses a second opener, and takes over a stale lock', async () => {
    const lockFile = join(dataDir, 'crm.lock');
    const first = await openCrmDatabase({ dataDir });
    try {
      expect(first.engine).toBe('pglite');
      expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
      await expect(openCrmDatabase({ dataDir })).rejects.toThrow(
        new RegExp(`in use by process ${process.pid}\\b.*Stop that process, or set DATABASE_URL`),
      );
      expect((await seedDemoIfEmpty(first)).seeded).toBe(true);
    } finally {
      await first.close();
    }
    expect(existsSync(lockFile)).toBe(false);

    writeFileSync(lockFile, String(deadPid()));
    const reopened = await openCrmDatabase({ dataDir });
    try {
      expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
      expect((await seedDemoIfEmpty(reopened)).seeded).toBe(false);
      expect((await rowCounts(reopened)).storefronts).toBe(5);
    } finally {
      await reopened.close();
    }
  });
});
