import {
  CATALOGUE_CONTENT_TYPES,
  type CatalogItemDetail,
  type CatalogPage,
  OPERATIONS_BASE_PATH,
} from '@storefront/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueItems, catalogues } from '../src/db/schema';
import { createCrmApp } from '../src/http/app';
import { createOperationsKey } from '../src/operations';
import {
  embeddedTaxService,
  openSeededCrm,
  type SeededCrm,
  TEST_SERVICE_TOKEN,
  TODAY,
  testEngines,
} from '../src/testing';

/** Products as a catalogue file gives them: stock in two warehouses, none held, none recorded, and retired ones. */
const PRODUCTS = [
  ['sku', 'name', 'category', 'create_category', 'unit', 'list_price', 'documents', 'stock'],
  [
    'PGF-100',
    'PageFacts Buffer, 100 mL',
    'Reagents',
    'yes',
    '100 mL',
    '40.00',
    'Manual: https://docs.example.com/pgf-100.pdf\nBrochure: /files/pgf-brochure.pdf',
    'BOS:30:3;LEI:10:1;SIN:0:30',
  ],
  ['PGF-200', 'PageFacts Buffer, 500 mL', 'Reagents', 'yes', '500 mL', '90.00', '', 'BOS:0:14;LEI:0:21'],
  ['PGF-300', 'PageFacts Buffer, 1 L', 'Reagents', 'yes', '1 L', '150.00', '', ''],
]
  .map((row) => row.map((cell) => (/[",\n;]/.test(cell) ? `"${cell}"` : cell)).join(','))
  .join('\r\n');

const RETIRED = ['sku,discontinued,replacement_sku', 'PGF-200,yes,PGF-100', 'PGF-300,yes,'].join('\r\n');

describe.each(await testEngines())('the product page answer on $name', (engine) => {
  let crm: SeededCrm;
  let app: ReturnType<typeof createCrmApp>;
  let key: string;
  let call = 0;

  const upload = async (file: string) => {
    call += 1;
    const response = await app.request(`${OPERATIONS_BASE_PATH}/catalogue/import`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': CATALOGUE_CONTENT_TYPES.csv,
        'idempotency-key': `page-facts-${engine.name}-${call}`,
      },
      body: file,
    });
    expect(response.status).toBe(200);
  };
  const itemId = async (sku: string) => {
    const [row] = await crm.database.db
      .select({ id: catalogueItems.id })
      .from(catalogueItems)
      .innerJoin(catalogues, eq(catalogues.id, catalogueItems.catalogueId))
      .where(
        and(
          eq(catalogues.storefrontId, crm.ids.storefrontA),
          eq(catalogues.type, 'Full'),
          eq(catalogueItems.sku, sku),
        ),
      );
    return row?.id ?? '';
  };
  const product = async (sku: string) =>
    crm.getAs<CatalogItemDetail>('getFormattedObjectDetails', {
      objectapi: 'CatalogItem',
      objectid: await itemId(sku),
      accId: crm.ids.guest,
      stfId: crm.ids.storefrontA,
    });

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    key = await createOperationsKey(crm.database.db, crm.ids.storefrontA, 'PIM');
    app = createCrmApp({
      db: crm.database,
      serviceToken: TEST_SERVICE_TOKEN,
      tax: embeddedTaxService().client,
      now: () => TODAY,
      checkAnswers: true,
    });
    await upload(PRODUCTS);
  });
  afterAll(async () => crm?.close());

  it("answers a product's stock per warehouse and its documents", async () => {
    const { status, body } = await product('PGF-100');
    expect(status).toBe(200);
    expect(body.stock).toEqual([
      { warehouse: 'BOS', quantity: 30, leadTimeDays: 3 },
      { warehouse: 'LEI', quantity: 10, leadTimeDays: 1 },
      { warehouse: 'SIN', quantity: 0, leadTimeDays: 30 },
    ]);
    expect(body.documents).toEqual([
      { title: 'Manual', url: 'https://docs.example.com/pgf-100.pdf' },
      { title: 'Brochure', url: '/files/pgf-brochure.pdf' },
    ]);
    expect(body.discontinued).toBeNull();
  });

  it('answers null stock and no documents for a product the file gave none', async () => {
    const { body } = await product('PGF-300');
    expect(body).toMatchObject({ stock: null, documents: [], discontinued: null });
  });

  it('shows a discontinued product with its sold replacement, while search and the cart refuse it', async () => {
    await upload(RETIRED);
    const { status, body } = await product('PGF-200');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      sku: 'PGF-200',
      stock: [
        { warehouse: 'BOS', quantity: 0, leadTimeDays: 14 },
        { warehouse: 'LEI', quantity: 0, leadTimeDays: 21 },
      ],
      discontinued: {
        replacement: { name: 'PageFacts Buffer, 100 mL', sku: 'PGF-100', slug: expect.any(String) },
      },
    });
    expect((await product('PGF-300')).body.discontinued).toEqual({ replacement: null });

    const { body: found } = await crm.postAs<CatalogPage>('retrieveCatalogNG', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.guest,
      searchText: 'PageFacts',
    });
    expect(found.items.map((card) => card.sku)).toEqual(['PGF-100']);
    const added = await crm.post('saveItemToQuoteBlink', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.marlowe,
      contactId: '003-page-facts',
      catalogItemId: await itemId('PGF-200'),
      qty: 1,
    });
    expect(added.status).toBeGreaterThanOrEqual(400);
    expect(added.status).toBeLessThan(500);
  });

  it('names no replacement that is itself discontinued', async () => {
    await upload(['sku,discontinued', 'PGF-100,yes'].join('\r\n'));
    expect((await product('PGF-200')).body.discontinued).toEqual({ replacement: null });
  });
});
