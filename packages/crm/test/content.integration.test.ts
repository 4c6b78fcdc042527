import type {
  CatalogPage,
  EcatalogDetails,
  GuestAccount,
  MetaItem,
  PageMeta,
  StorefrontRecord,
  TemplateBlockRecord,
  TemplateRecord,
} from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templates } from '../src/db/schema';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

const NO_TEMPLATE = { status: 404, body: { errorCode: 'NOT_FOUND', message: 'ERROR: No template found' } };
const NO_RECORDS = { status: 404, body: { errorCode: 'NOT_FOUND', message: 'ERROR: No records Found.' } };

describe.each(await testEngines())('storefront, content and meta types on $name', (engine) => {
  let crm: SeededCrm;
  let templatesA: TemplateRecord[];
  let templatesB: TemplateRecord[];
  const home = () => templatesA.find((t) => t.meta.Portal_Home);

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    // An inactive template, which no answer may show.
    await crm.database.db.insert(templates).values({
      id: 'a0TTEST0000INACTIVE',
      storefrontId: crm.ids.storefrontA,
      name: 'retired',
      createdDate: new Date('2023-01-01T00:00:00Z'),
      Active: false,
    });
    templatesA = (
      await crm.postAs<TemplateRecord[]>('retrieveContentBlocks', { storefrontId: crm.ids.storefrontA })
    ).body;
    templatesB = (
      await crm.postAs<TemplateRecord[]>('retrieveContentBlocks', { storefrontId: crm.ids.storefrontB })
    ).body;
  });
  afterAll(() => crm.database.close());

  describe('getActiveStorefronts', () => {
    it('lists both storefronts with their theme, guest account and organisation', async () => {
      const { status, body } = await crm.getAs<StorefrontRecord[]>('getActiveStorefronts');
      expect(status).toBe(200);
      const a = body.find((s) => s.domain === 'localhost');
      const b = body.find((s) => s.domain === '127.0.0.1');
      expect(a).toMatchObject({
        id: crm.ids.storefrontA,
        storefrontId: crm.ids.storefrontA,
        storefrontName: 'BioNova Life Sciences',
        awsUserPoolId: 'us-east-1_BioNova01',
        clientName: 'bionova-web',
        guestAccountId: crm.ids.guest,
        ssoInfo: null,
        salesforceOrgId: expect.stringMatching(/^00D\w{15}$/),
        theme: { key: 'bionova', primaryColor: expect.stringMatching(/^#/), fontFamily: expect.any(String) },
      });
      expect(a?.clientId).toMatch(/^[a-z0-9]{26}$/);
      expect(b).toMatchObject({ storefrontName: 'BioNova Partner Portal', guestAccountId: null });
      expect(b?.organizationId).toBe(a?.organizationId);
    });
  });

  describe('getGuestAccounts', () => {
    it('answers the guest account for its id', async () => {
      const { status, body } = await crm.getAs<GuestAccount[]>('getGuestAccounts', { accId: crm.ids.guest });
      expect(status).toBe(200);
      expect(body).toEqual([{ id: crm.ids.guest, name: 'BioNova Guest', storefrontId: crm.ids.storefrontA }]);
    });

    it('finds no guest account for other ids', async () => {
      expect(await crm.get('getGuestAccounts', { accId: crm.ids.halvorsen })).toEqual(NO_RECORDS);
      expect(await crm.get('getGuestAccounts', { accId: '001000000000000AAA' })).toEqual(NO_RECORDS);
    });
  });

  describe('retrieveContentBlocks', () => {
    it('lists the active templates of the storefront without blocks', () => {
      expect(templatesA.length).toBeGreaterThan(0);
      expect(templatesA.filter((t) => t.meta.Portal_Home)).toHaveLength(1);
      for (const template of templatesA) {
        expect(template).toEqual({
          templateId: expect.stringMatching(/^a0T\w{15}$/),
          storefrontId: crm.ids.storefrontA,
          name: expect.any(String),
          createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          meta: expect.objectContaining({ Active: true, Page_Type: expect.anything() }),
        });
      }
      expect(templatesA.map((t) => t.name)).not.toContain('retired');
      expect(templatesB.every((t) => t.storefrontId === crm.ids.storefrontB)).toBe(true);
    });

    it('answers the blocks of the asked templates in the asked order, sorted for display', async () => {
      const ids = templatesA.map((t) => t.templateId).reverse();
      const { status, body } = await crm.postAs<TemplateBlockRecord[]>('retrieveContentBlocks', {
        storefrontId: crm.ids.storefrontA,
        templateIds: [...ids, ids[0]],
      });
      expect(status).toBe(200);
      expect(body.map((record) => record.templateId)).toEqual(ids);
      for (const record of body) {
        expect(record.storefrontId).toBe(crm.ids.storefrontA);
        const orders = record.blocks.map((section) => section.sortOrder);
        expect(orders).toEqual([...orders].sort((x, y) => x - y));
        for (const section of record.blocks) {
          const sequences = section.blocks.map((b) => b.configuration.sequence ?? Number.POSITIVE_INFINITY);
          expect(sequences).toEqual([...sequences].sort((x, y) => x - y));
        }
      }
      const homeBlocks = body.find((record) => record.templateId === home()?.templateId);
      expect(homeBlocks?.blocks.length).toBeGreaterThan(0);
    });

    it("does not find another storefront's templates, inactive ones or unknown ids", async () => {
      const foreign = templatesB[0]?.templateId ?? 'none';
      const ask = (templateIds: string[], storefrontId = crm.ids.storefrontA) =>
        crm.postAs<TemplateBlockRecord[]>('retrieveContentBlocks', { storefrontId, templateIds });
      expect(await ask([foreign])).toEqual(NO_TEMPLATE);
      expect(await ask(['a0TTEST0000INACTIVE'])).toEqual(NO_TEMPLATE);
      expect(await ask([])).toEqual(NO_TEMPLATE);
      const mixed = await ask([foreign, home()?.templateId ?? '']);
      expect(mixed.body.map((r) => r.templateId)).toEqual([home()?.templateId]);
      expect(await crm.post('retrieveContentBlocks', { storefrontId: 'a0S000000000000AAA' })).toEqual(
        NO_TEMPLATE,
      );
    });
  });

  describe('getMergedMetaInfo', () => {
    const meta = (url: string, accId = crm.ids.halvorsen, stfId = crm.ids.storefrontA) =>
      crm.getAs<PageMeta>('getMergedMetaInfo', { accId, stfId, url });

    it('merges storefront defaults with the home template on /', async () => {
      const { status, body } = await meta('/');
      expect(status).toBe(200);
      const tags = home()?.meta.Page_Meta_Tags ?? {};
      expect(body).toMatchObject({
        templateId: home()?.templateId,
        pageTitle: home()?.meta.Page_Title || 'BioNova Life Sciences',
        description:
          tags.description || 'Research reagents, kits and instruments from BioNova Life Sciences.',
        site: tags.site || 'BioNova Life Sciences',
        twittersite: '@BioNovaLS',
        favicon: '/favicon.svg',
        ecatalogItemId: null,
        eCatalogId: null,
      });
    });

    it('falls back to the storefront defaults for a page without template', async () => {
      const { body } = await meta('/no-such-page');
      expect(body).toMatchObject({
        templateId: null,
        pageTitle: 'BioNova Life Sciences',
        description:
          'Flow cytometry antibodies, genomics kits, assay plates and instruments for life-science research.',
        robots: 'index, follow',
      });
      const partner = await meta('/no-such-page', crm.ids.kestrel, crm.ids.storefrontB);
      expect(partner.body).toMatchObject({
        pageTitle: 'BioNova Partner Portal',
        robots: 'noindex, nofollow',
      });
    });

    it("describes a product from the account's catalogue, by slug or by id", async () => {
      const page = await crm.postAs<CatalogPage>('retrieveCatalogNG', {
        storefrontId: crm.ids.storefrontA,
        accountId: crm.ids.halvorsen,
        searchText: 'Annexin V Apoptosis Detection Kit, FITC, 50 tests',
      });
      const item = page.body.items[0];
      if (!item) throw new Error('item missing');
      const details = await crm.postAs<{ catalog: { id: string } }>('getEcatalogDetails', {
        storefrontId: crm.ids.storefrontA,
        accountId: crm.ids.halvorsen,
      });
      const expected = {
        pageTitle: item.name,
        description: item.shortDescription,
        image: item.imageUrl,
        canonical: `/product/${item.productTemplateId}/${item.slug}`,
        ecatalogItemId: item.id,
        eCatalogId: details.body.catalog.id,
      };
      expect((await meta(`/product/${item.productTemplateId}/${item.slug}?ref=x`)).body).toMatchObject(
        expected,
      );
      // Older product paths named the item id.
      expect((await meta(`/product/${item.productTemplateId}/${item.id}`)).body).toMatchObject(expected);
      const productTemplate = templatesA.find((t) => t.templateId === item.productTemplateId);
      const slugUrl = `/${productTemplate?.name}/halvorsen/${item.slug}/overview`;
      expect((await meta(slugUrl)).body).toMatchObject({ ...expected, templateId: item.productTemplateId });
      const other = await meta(`/product/${item.productTemplateId}/a0I000000000000AAA`);
      expect(other.body).toMatchObject({ ecatalogItemId: null, eCatalogId: null });
    });
  });

  describe('getMergedMetaInfo of a category page', () => {
    const meta = (url: string, accId = crm.ids.halvorsen) =>
      crm.getAs<PageMeta>('getMergedMetaInfo', { accId, stfId: crm.ids.storefrontA, url });
    const categoriesOf = async (accountId: string) =>
      (
        await crm.postAs<EcatalogDetails>('getEcatalogDetails', {
          storefrontId: crm.ids.storefrontA,
          accountId,
        })
      ).body.categories;

    it("titles it with the category of the account's catalogue, by id or slug; another catalogue's id is no category", async () => {
      const [category] = await categoriesOf(crm.ids.halvorsen);
      if (!category) throw new Error('the demo catalogue has no categories');
      expect((await meta(`/category/${category.id}`)).body.pageTitle).toBe(category.name);
      expect((await meta(`/category/${category.slug.toUpperCase()}?page=2`)).body.pageTitle).toBe(
        category.name,
      );
      const [guestCategory] = await categoriesOf(crm.ids.guest);
      const template = templatesA.find((t) => t.name === 'category');
      expect((await meta(`/category/${guestCategory?.id}`)).body.pageTitle).toBe(template?.meta.Page_Title);
      expect((await meta('/category/does-not-exist')).body.pageTitle).toBe(template?.meta.Page_Title);
    });
  });

  describe('getMetaItems', () => {
    const items = (query: Record<string, unknown>) =>
      crm.postAs<MetaItem[]>('getMetaItems', { storefrontId: crm.ids.storefrontA, ...query });

    it('lists the storefront’s items sorted by key', async () => {
      const { status, body } = await items({});
      expect(status).toBe(200);
      const keys = body.map((item) => item.key);
      expect(keys).toEqual([...keys].sort());
      expect(body.every((item) => item.storefrontId === crm.ids.storefrontA)).toBe(true);
      expect(body[0]).toEqual({
        id: expect.stringMatching(/^a0M/),
        organizationId: expect.any(String),
        storefrontId: crm.ids.storefrontA,
        templateId: null,
        accountId: expect.anything(),
        key: expect.any(String),
        value: expect.any(String),
      });
    });

    it('filters by key, account and template, sorts descending and limits', async () => {
      const descriptions = (await items({ key: 'description' })).body;
      expect(descriptions.map((item) => item.templateId === null)).toEqual([true, false]);
      const account = (await items({ accountId: crm.ids.halvorsen })).body;
      expect(account).toEqual([expect.objectContaining({ key: 'accountManager', value: 'Ingrid Solberg' })]);
      const template = (await items({ templateId: home()?.templateId })).body;
      expect(template.map((item) => item.key)).toEqual(['description']);
      const limited = (await items({ sortDirection: 'DESC', limit: 3 })).body;
      expect(limited).toHaveLength(3);
      expect(limited.map((item) => item.key)).toEqual([...limited.map((item) => item.key)].sort().reverse());
    });
  });
});
