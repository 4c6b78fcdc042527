import type {
  CatalogItemCard,
  CatalogItemDetail,
  CatalogPage,
  CatalogueSummary,
  Category,
  GroupCount,
  Offer,
  PicklistCount,
  ProductElsewhere,
} from '@storefront/contracts';
import { formatMoney } from '@storefront/contracts/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';
import { createCrmApp } from '../src/http/app';
import {
  embeddedTaxService,
  openSeededCrm,
  type SeededCrm,
  TEST_SERVICE_TOKEN as TOKEN,
  testEngines,
} from '../src/testing';

type Details = { catalog: CatalogueSummary; categories: Category[] };

describe.each(await testEngines())('catalogue types on $name', (engine) => {
  let crm: SeededCrm;
  let categories: Category[];
  const categoryId = (name: string) => categories.find((c) => c.name === name)?.id ?? '';

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const details = await crm.postAs<Details>('getEcatalogDetails', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.marlowe,
    });
    categories = details.body.categories;
  });
  afterAll(() => crm.database.close());

  const catalog = (
    accountId: string,
    query: Record<string, unknown> = {},
    storefrontId = crm.ids.storefrontA,
  ) => crm.postAs<CatalogPage>('retrieveCatalogNG', { storefrontId, accountId, ...query });
  const findOne = async (accountId: string, searchText: string) => {
    const { body } = await catalog(accountId, { searchText, pageSize: 1 });
    const [item] = body.items;
    if (!item) throw new Error(`no item matches ${searchText}`);
    return item;
  };
  const objectDetails = <T>(
    objectapi: string,
    objectid: string,
    accId: string,
    stfId = crm.ids.storefrontA,
  ) => crm.getAs<T>('getFormattedObjectDetails', { objectapi, objectid, accId, stfId });

  describe('getEcatalogDetails', () => {
    it('gives an account with an eCatalog its own catalogue, priced at Catalog Price', async () => {
      const { status, body } = await crm.postAs<Details>('getEcatalogDetails', {
        storefrontId: crm.ids.storefrontA,
        accountId: crm.ids.halvorsen,
      });
      expect(status).toBe(200);
      expect(body.catalog).toMatchObject({
        name: 'Halvorsen Research Institute Catalogue',
        type: 'eCatalog account primary',
        priceSource: 'Catalog Price',
        currency: 'USD',
      });
      expect(body.categories.map((c) => c.name)).toEqual([
        'Flow Cytometry Antibodies',
        'Flow Cytometry Reagents & Buffers',
        'Genomics Kits',
        'Imaging Consumables',
        'Assay Plates',
        'Instruments',
        'Instrument Parts & Accessories',
        'Service & Training',
      ]);
      expect(body.categories[1]).toMatchObject({
        slug: 'flow-cytometry-reagents-buffers',
        parentId: null,
        sortOrder: 2,
      });
    });

    it('gives other accounts, the guest included, the Full catalogue at List Price', async () => {
      for (const accountId of [crm.ids.marlowe, crm.ids.guest]) {
        const { body } = await crm.postAs<Details>('getEcatalogDetails', {
          storefrontId: crm.ids.storefrontA,
          accountId,
        });
        expect(body.catalog).toMatchObject({ type: 'Full', priceSource: 'List Price', currency: 'USD' });
      }
      const partner = await crm.postAs<Details>('getEcatalogDetails', {
        storefrontId: crm.ids.storefrontB,
        accountId: crm.ids.kestrel,
      });
      expect(partner.body.catalog).toMatchObject({ type: 'Full', currency: 'EUR' });
    });
  });

  describe('retrieveCatalogNG', () => {
    it('pages through every item exactly once', async () => {
      const first = await catalog(crm.ids.marlowe, { pageSize: 200 });
      expect(first.status).toBe(200);
      const { totalCount, capped } = first.body;
      expect(totalCount).toBeGreaterThanOrEqual(400);
      expect(capped).toBe(false);
      const pages = [first.body];
      for (let page = 2; page <= Math.ceil(totalCount / 200); page++) {
        pages.push((await catalog(crm.ids.marlowe, { pageSize: 200, page })).body);
      }
      const ids = pages.flatMap((p) => p.items.map((item) => item.id));
      expect(ids).toHaveLength(totalCount);
      expect(new Set(ids).size).toBe(totalCount);
      const beyond = await catalog(crm.ids.marlowe, { pageSize: 200, page: Math.ceil(totalCount / 200) + 1 });
      expect(beyond.body).toMatchObject({ items: [], totalCount, capped: false });
    });

    it('defaults to page 1 of 24 sorted by name', async () => {
      const { body } = await catalog(crm.ids.marlowe);
      expect(body).toMatchObject({ page: 1, pageSize: 24 });
      expect(body.items).toHaveLength(24);
    });

    it('prices by the catalogue price source: list price, or the negotiated price', async () => {
      const listPriced = await findOne(crm.ids.marlowe, 'FCA-10002');
      const negotiated = await findOne(crm.ids.halvorsen, 'FCA-10002');
      expect(listPriced).toMatchObject({
        priceSource: 'List Price',
        price: listPriced.listPrice,
        currency: 'USD',
      });
      expect(listPriced.formattedPrice).toBe(formatMoney(listPriced.price, 'USD'));
      expect(negotiated.priceSource).toBe('Catalog Price');
      expect(negotiated.price).toBeLessThan(negotiated.listPrice);
      expect(negotiated.listPrice).toBe(listPriced.listPrice);
      const partner = await catalog(crm.ids.kestrel, { pageSize: 1 }, crm.ids.storefrontB);
      expect(partner.body.items[0]?.formattedPrice).toMatch(/^€/);
    });

    it('searches name, SKU and short description without regard to case', async () => {
      const byName = await catalog(crm.ids.marlowe, { searchText: 'cD4 monoCLONAL', pageSize: 200 });
      expect(byName.body.totalCount).toBe(16);
      for (const item of byName.body.items) expect(item.name).toMatch(/^CD4 Monoclonal/);
      const bySku = await catalog(crm.ids.marlowe, { searchText: 'ins-1000', pageSize: 200 });
      expect(bySku.body.items.map((item) => item.sku).sort()).toEqual([
        'INS-10001',
        'INS-10002',
        'INS-10003',
        'INS-10004',
        'INS-10005',
        'INS-10006',
        'INS-10007',
        'INS-10008',
        'INS-10009',
      ]);
      const byDescription = await catalog(crm.ids.marlowe, { searchText: 'RESIDUE FROM THE FLUIDICS' });
      expect(byDescription.body.items.map((item) => item.name)).toEqual(['Cleaning Solution']);
    });

    it('reads signs in the search text as spaces between words, never as patterns', async () => {
      for (const searchText of ['%', '_', '\\']) {
        expect((await catalog(crm.ids.marlowe, { searchText })).body.totalCount).toBe(0);
      }
      const words = await catalog(crm.ids.marlowe, { searchText: 'CD4 FITC' });
      expect(words.body.totalCount).toBeGreaterThan(0);
      expect((await catalog(crm.ids.marlowe, { searchText: 'CD4%FITC' })).body.totalCount).toBe(
        words.body.totalCount,
      );
      expect((await catalog(crm.ids.marlowe, { searchText: '%' })).body.totalCount).toBe(0);
      expect((await catalog(crm.ids.marlowe, { searchText: '   ' })).body.totalCount).toBeGreaterThan(400);
    });

    it('filters on attributes: any of a field’s values, all fields together', async () => {
      const { body } = await catalog(crm.ids.marlowe, {
        filters: { Conjugate: ['FITC', 'PE'], Species: ['Mouse'] },
        pageSize: 200,
      });
      expect(body.totalCount).toBe(24);
      for (const item of body.items) {
        expect(['FITC', 'PE']).toContain(item.attributes.Conjugate);
        expect(item.attributes.Species).toBe('Mouse');
      }
      const nothing = await catalog(crm.ids.marlowe, { filters: { Brand: ['Unknown Brand'] } });
      expect(nothing.body.totalCount).toBe(0);
    });

    it('takes filter values literally, quotes and braces included', async () => {
      for (const value of ['"', '\\', 'FITC"}', '{"Conjugate":"FITC"}', 'FITC", "Species": "Mouse']) {
        const answer = await catalog(crm.ids.marlowe, { filters: { Conjugate: [value] } });
        expect(answer).toMatchObject({ status: 200, body: { totalCount: 0 } });
      }
    });

    it("lists a subcategory's products under its parent too, and under itself alone", async () => {
      const instruments = categoryId('Instruments');
      const { db } = crm.database;
      const [parent] = await db.select().from(schema.categories).where(eq(schema.categories.id, instruments));
      const { body: before } = await catalog(crm.ids.marlowe, { categoryId: instruments, pageSize: 200 });
      const moved = before.items[0];
      if (!parent || !moved) throw new Error('the demo has instruments');
      const sub = {
        id: 'a0G5g0SUBCATEG0001',
        catalogueId: parent.catalogueId,
        name: 'Sorters',
        slug: 'sorters',
      };
      await db.insert(schema.categories).values({ ...sub, parentId: instruments });
      await db
        .update(schema.catalogueItems)
        .set({ categoryId: sub.id })
        .where(eq(schema.catalogueItems.id, moved.id));
      try {
        const { body: under } = await catalog(crm.ids.marlowe, { categoryId: instruments, pageSize: 200 });
        expect(under.totalCount).toBe(before.totalCount);
        const { body: alone } = await catalog(crm.ids.marlowe, { categoryId: sub.id, pageSize: 200 });
        expect(alone.items.map((item) => item.id)).toEqual([moved.id]);
      } finally {
        await db
          .update(schema.catalogueItems)
          .set({ categoryId: instruments })
          .where(eq(schema.catalogueItems.id, moved.id));
        await db.delete(schema.categories).where(eq(schema.categories.id, sub.id));
      }
    });

    it('narrows to a category', async () => {
      const instruments = categoryId('Instruments');
      const { body } = await catalog(crm.ids.marlowe, { categoryId: instruments, pageSize: 200 });
      expect(body.totalCount).toBe(17);
      for (const item of body.items) expect(item.categoryId).toBe(instruments);
      const needs = body.items.filter((item) => item.requiresConfiguration === 'Needs');
      expect(needs.length).toBeGreaterThan(0);
      expect(body.items.some((item) => item.customAction?.label === 'Request a Quote')).toBe(true);
    });

    it('sorts by the price the account pays, both ways', async () => {
      for (const [sort, ordered] of [
        ['price-asc', (a: number, b: number) => a <= b],
        ['price-desc', (a: number, b: number) => a >= b],
      ] as const) {
        const { body } = await catalog(crm.ids.halvorsen, { sort, pageSize: 200 });
        const prices = body.items.map((item) => item.price);
        expect(prices.every((price, i) => i === 0 || ordered(prices[i - 1] ?? price, price))).toBe(true);
      }
    });

    it('marks tiered items and counts the offers valid today', async () => {
      const { body } = await catalog(crm.ids.marlowe, { searchText: 'Brilliant Violet 421', pageSize: 200 });
      const antibodies = body.items.filter((item) => item.name.includes('Monoclonal'));
      expect(antibodies.length).toBe(32);
      for (const item of antibodies) expect(item.offerCount).toBe(1);
      expect(body.items.some((item) => item.hasTiers)).toBe(true);
      expect(body.items.some((item) => !item.hasTiers)).toBe(true);
      const imagingPlate = await findOne(crm.ids.marlowe, '96-Well Black Clear-Bottom Imaging Plate, 10/pk');
      expect(imagingPlate.offerCount).toBe(0);
    });
  });

  describe('counts', () => {
    it('per category add up to the total, and ignore the category filter', async () => {
      const query = { searchText: 'kit' };
      const { body: page } = await catalog(crm.ids.marlowe, query);
      const counts = await crm.postAs<GroupCount[]>('getCatalogGroupCounts', {
        storefrontId: crm.ids.storefrontA,
        accountId: crm.ids.marlowe,
        categoryId: categoryId('Genomics Kits'),
        ...query,
      });
      expect(counts.status).toBe(200);
      expect(counts.body).toHaveLength(8);
      expect(counts.body.reduce((sum, c) => sum + c.count, 0)).toBe(page.totalCount);
      const instruments = counts.body.find((c) => c.name === 'Instruments');
      expect(instruments?.count).toBe(0);
      for (const group of counts.body.filter((c) => c.count > 0)) {
        const { body } = await catalog(crm.ids.marlowe, { ...query, categoryId: group.categoryId });
        expect(body.totalCount).toBe(group.count);
      }
    });

    it('per attribute value add up, apply the other filters and ignore their own', async () => {
      const antibodies = categoryId('Flow Cytometry Antibodies');
      const counts = await crm.postAs<PicklistCount[]>('getCatalogPicklistGroupCounts', {
        storefrontId: crm.ids.storefrontA,
        accountId: crm.ids.marlowe,
        categoryId: antibodies,
        field: 'Species',
        filters: { Species: ['Human'], Conjugate: ['FITC'] },
      });
      expect(counts.body).toEqual([
        { value: 'Human', count: 20 },
        { value: 'Mouse', count: 12 },
      ]);
      const brands = await crm.postAs<PicklistCount[]>('getCatalogPicklistGroupCounts', {
        storefrontId: crm.ids.storefrontA,
        accountId: crm.ids.marlowe,
        field: 'Brand',
      });
      const { body: all } = await catalog(crm.ids.marlowe);
      expect(brands.body.reduce((sum, c) => sum + c.count, 0)).toBe(all.totalCount);
      expect(brands.body.map((c) => c.value).sort()).toEqual([
        'BioNova',
        'ClearView',
        'GenoPrep',
        'NovaFlow',
      ]);
    });
  });

  describe('getFormattedObjectDetails', () => {
    it('details an item with its category and the offers valid today', async () => {
      const card = await findOne(crm.ids.halvorsen, 'Monoclonal Antibody (UCHT1), Brilliant Violet 421');
      const { status, body } = await objectDetails<CatalogItemDetail>(
        'CatalogItem',
        card.id,
        crm.ids.halvorsen,
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({ ...card, description: expect.stringContaining('Clone UCHT1') });
      expect(body.images).toEqual([card.imageUrl]);
      expect(body.category).toEqual({ id: card.categoryId, name: 'Flow Cytometry Antibodies' });
      expect(body.offers.map((o: Offer) => o.name)).toEqual(['Bright Dye Savings']);
    });

    it('shows tiers of a consumable at the negotiated price', async () => {
      const { body: page } = await catalog(crm.ids.halvorsen, { searchText: 'Monoclonal', pageSize: 200 });
      const tiered = page.items.find((item) => item.hasTiers);
      if (!tiered) throw new Error('no tiered antibody');
      const { body } = await objectDetails<CatalogItemDetail>('CatalogItem', tiered.id, crm.ids.halvorsen);
      expect(body.tiers.map((t) => [t.sv, t.ev])).toEqual([
        [1, 4],
        [5, 9],
        [10, null],
      ]);
      expect(body.tiers[0]).toEqual({
        sv: 1,
        ev: 4,
        price: tiered.price,
        formattedOfferPrice: formatMoney(tiered.price, 'USD'),
        originalPrice: tiered.price,
      });
      expect(body.tiers.every((tier) => tier.originalPrice === tiered.price)).toBe(true);
      expect(body.tiers[1]?.formattedOfferPrice).toBe(formatMoney(body.tiers[1]?.price ?? 0, 'USD'));
      expect(body.tiers[2]?.price).toBeCloseTo(tiered.price * 0.9, 2);
    });

    it('leaves out offers that have ended or not started', async () => {
      const plate = await findOne(crm.ids.marlowe, '96-Well Black Clear-Bottom Imaging Plate, 10/pk');
      expect(
        (await objectDetails<CatalogItemDetail>('CatalogItem', plate.id, crm.ids.marlowe)).body.offers,
      ).toEqual([]);
      const cytometer = await findOne(crm.ids.marlowe, 'Benchtop Flow Cytometer, 3-laser');
      const today = await objectDetails<CatalogItemDetail>('CatalogItem', cytometer.id, crm.ids.marlowe);
      expect(today.body.offers.map((o) => o.name)).toEqual(['Cytometer Trade-In Credit']);
      const lastYear = createCrmApp({
        db: crm.database,
        serviceToken: TOKEN,
        tax: embeddedTaxService().client,
        now: () => new Date('2024-12-31T12:00:00Z'),
      });
      const response = await lastYear.request(
        `/services/apexrest/ecommerce?type=getFormattedObjectDetails&objectapi=CatalogItem&objectid=${cytometer.id}&accId=${crm.ids.marlowe}&stfId=${crm.ids.storefrontA}`,
        { headers: { authorization: `Bearer ${TOKEN}` } },
      );
      expect(((await response.json()) as CatalogItemDetail).offers).toEqual([]);
    });

    it('finds an item by its slug, as the catalogue product path names it', async () => {
      const card = await findOne(crm.ids.halvorsen, 'Monoclonal Antibody (UCHT1), Brilliant Violet 421');
      const bySlug = await crm.getAs<CatalogItemDetail>('getFormattedObjectDetails', {
        objectapi: 'CatalogItem',
        slug: card.slug,
        accId: crm.ids.halvorsen,
        stfId: crm.ids.storefrontA,
      });
      expect(bySlug.status).toBe(200);
      expect(bySlug.body.id).toBe(card.id);

      const unnamed = await crm.get('getFormattedObjectDetails', {
        objectapi: 'Category',
        slug: card.slug,
        accId: crm.ids.halvorsen,
        stfId: crm.ids.storefrontA,
      });
      expect(unnamed).toEqual({
        status: 400,
        body: {
          errorCode: 'INVALID_PAYLOAD',
          message: 'objectid: objectid is required (or slug, for a CatalogItem)',
          field: 'objectid',
        },
      });
    });

    it('names by an item of the Full catalogue, as a guest’s link does, the account’s item of its SKU', async () => {
      const own = await findOne(crm.ids.halvorsen, 'Monoclonal Antibody (UCHT1), Brilliant Violet 421');
      const guests = await findOne(crm.ids.guest, own.name);
      expect(guests.id).not.toBe(own.id);
      const byId = await objectDetails<CatalogItemDetail>('CatalogItem', guests.id, crm.ids.halvorsen);
      expect(byId.body).toMatchObject({ id: own.id, sku: own.sku, price: own.price });
      // Product paths named the item id where the slug now stands.
      const byOldPath = await crm.getAs<CatalogItemDetail>('getFormattedObjectDetails', {
        objectapi: 'CatalogItem',
        slug: guests.id,
        accId: crm.ids.halvorsen,
        stfId: crm.ids.storefrontA,
      });
      expect(byOldPath.body.id).toBe(own.id);
    });

    it('says so when the account’s catalogue lacks the product, with products of its category', async () => {
      const all = async (accountId: string) => (await catalog(accountId, { pageSize: 200 })).body.items;
      const owned = new Set((await all(crm.ids.halvorsen)).map((item) => item.sku));
      const missing = (await all(crm.ids.guest)).find((item) => !owned.has(item.sku));
      if (!missing) throw new Error('the Halvorsen catalogue has every product');
      const { status, body } = await crm.getAs<ProductElsewhere>('getFormattedObjectDetails', {
        objectapi: 'CatalogItem',
        slug: missing.slug,
        accId: crm.ids.halvorsen,
        stfId: crm.ids.storefrontA,
      });
      expect(status).toBe(200);
      const { category, alternatives, ...product } = body.notInCatalogue;
      expect(product).toEqual({ name: missing.name, sku: missing.sku });
      expect(category?.name).toBeTruthy();
      expect(alternatives.length).toBeGreaterThan(0);
      for (const item of alternatives) {
        expect(item.categoryId).toBe(category?.id);
        expect(owned.has(item.sku)).toBe(true);
      }
    });

    it('finds only items of the account’s own catalogue', async () => {
      const partnerItem = (await catalog(crm.ids.kestrel, { pageSize: 1 }, crm.ids.storefrontB)).body
        .items[0];
      const answer = await objectDetails('CatalogItem', partnerItem?.id ?? '', crm.ids.marlowe);
      expect(answer).toEqual({
        status: 404,
        body: { errorCode: 'NOT_FOUND', message: 'ERROR: No records Found.' },
      });
    });

    it('details a category of the account’s catalogue', async () => {
      const id = categoryId('Assay Plates');
      const { body } = await objectDetails<Category>('Category', id, crm.ids.marlowe);
      expect(body).toEqual({ id, name: 'Assay Plates', slug: 'assay-plates', parentId: null, sortOrder: 5 });
      expect((await objectDetails('Category', id, crm.ids.halvorsen)).status).toBe(404);
    });

    it('details an offer with its items in the account’s catalogue', async () => {
      const card = await findOne(crm.ids.halvorsen, 'NGS Library Prep Kit, 24 reactions');
      const detail = await objectDetails<CatalogItemDetail>('CatalogItem', card.id, crm.ids.halvorsen);
      const offer = detail.body.offers[0];
      expect(offer).toMatchObject({
        name: 'NGS Library Prep Bundle',
        offerType: 'Amount',
        discount: 150,
        appliedOnField: 'List Price',
      });
      const { status, body } = await objectDetails<{ offer: Offer; items: CatalogItemCard[] }>(
        'Offer',
        offer?.id ?? '',
        crm.ids.halvorsen,
      );
      expect(status).toBe(200);
      expect(body.offer).toEqual(offer);
      expect(body.items.map((item) => item.id)).toContain(card.id);
      for (const item of body.items)
        expect(item).toMatchObject({ priceSource: 'Catalog Price', offerCount: 1 });
      const partnerAsk = await objectDetails('Offer', offer?.id ?? '', crm.ids.kestrel, crm.ids.storefrontB);
      expect(partnerAsk.status).toBe(404);
    });
  });

  describe('ownership', () => {
    it('refuses an account of storefront A asking with storefront B', async () => {
      const denied = {
        errorCode: 'FORBIDDEN',
        message: 'Access Denied: You do not have permission to view this record.',
      };
      const scope = { storefrontId: crm.ids.storefrontB, accountId: crm.ids.halvorsen };
      const answers = await Promise.all([
        crm.post('retrieveCatalogNG', scope),
        crm.post('getEcatalogDetails', scope),
        crm.post('getCatalogGroupCounts', scope),
        crm.post('getCatalogPicklistGroupCounts', { ...scope, field: 'Brand' }),
        objectDetails('Category', categoryId('Instruments'), crm.ids.halvorsen, crm.ids.storefrontB),
        crm.get('getMergedMetaInfo', { accId: crm.ids.halvorsen, stfId: crm.ids.storefrontB, url: '/' }),
        crm.post('retrieveCatalogNG', { storefrontId: crm.ids.storefrontA, accountId: '001000000000000AAA' }),
      ]);
      for (const answer of answers) expect(answer).toEqual({ status: 403, body: denied });
    });
  });
});
