import {
  CATALOGUE_CONTENT_TYPES,
  type CatalogItemDetail,
  type CatalogPage,
  type CatalogueFormat,
  type CatalogueImportReport,
  OPERATIONS_BASE_PATH,
  type OperationsError,
  type ShippingRates,
} from '@storefront/contracts';
import { writeZip } from '@storefront/contracts/zip-archive';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCatalogueFile } from '../src/catalogue';
import { catalogueItems, catalogues, productStock, quotes, shippingProfiles } from '../src/db/schema';
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

/** A CSV file from rows of cells, quoted as a spreadsheet saves it. */
const csv = (...rows: string[][]) =>
  rows
    .map((row) =>
      row.map((cell) => (/[",\n;]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(','),
    )
    .join('\r\n');

const NEW_PRODUCTS = csv(
  [
    'sku',
    'name',
    'category',
    'create_category',
    'unit',
    'short_description',
    'description',
    'specifications',
    'attributes',
    'images',
    'documents',
    'list_price',
    'tiers',
    'stock',
  ],
  [
    'ncx-1001',
    'NovaCyte Viability Dye, 405 nm',
    'Cell Health > Viability',
    'yes',
    '100 tests',
    'Fixable dead-cell stain for the violet laser.',
    'Stains dead cells irreversibly; survives fixation.',
    'Excitation: 405 nm\nEmission: 450 nm',
    'Application: Flow Cytometry\nFormat: Lyophilised',
    '/images/products/ncx-1001.svg',
    'Data sheet: https://docs.example.com/ncx-1001.pdf',
    '120.00',
    '1-9:120.00;10+:108.00',
    'BOS:120:2;LEI:0:14',
  ],
  [
    'NCX-1002',
    'NovaCyte Viability Dye, 488 nm',
    'Cell Health > Viability',
    'yes',
    '100 tests',
    'Fixable dead-cell stain for the blue laser.',
    '',
    '',
    '',
    '',
    '',
    '135.50',
    '',
    'BOS:40:2',
  ],
);

/** Products with how they travel, as a supplier's product master gives it: cold, dangerous, not shipped. */
const PROFILED_PRODUCTS = csv(
  [
    'sku',
    'name',
    'category',
    'unit',
    'list_price',
    'shippable',
    'weight_kg',
    'size_cm',
    'cold_chain',
    'hazard_class',
  ],
  [
    'ACM-CD4-PE',
    'Anti-CD4 PE',
    'Cell Health > Viability',
    '100 tests',
    '240.00',
    'yes',
    '0.2',
    '12 x 10 x 8',
    'Cold packs',
    '',
  ],
  [
    'ACM-FIX-1',
    'Formalin Fixative, 1 L',
    'Cell Health > Viability',
    '1 L',
    '45.00',
    '',
    '1.3',
    '18x18x28',
    'ambient',
    '8',
  ],
  [
    'ACM-SVC-1',
    'Panel Design Consultation',
    'Cell Health > Viability',
    '1 hour',
    '150.00',
    'no',
    '',
    '',
    '',
    '',
  ],
);

/** What a product the file gives no shipping profile ships as: the rate card's smallest parcel. */
const DEFAULT_PARCEL = {
  shippable: true,
  weightKg: 0.5,
  lengthCm: 20,
  widthCm: 15,
  heightCm: 8,
  coldChain: 'none',
  hazardClass: null,
};

describe.each(await testEngines())(
  'catalogue import and export through the operations API on $name',
  (engine) => {
    let crm: SeededCrm;
    let key: string;
    let app: ReturnType<typeof createCrmApp>;
    /** The storefronts whose caches were told the catalogue changed, in order. */
    const changed: string[] = [];
    let call = 0;

    beforeAll(async () => {
      crm = await openSeededCrm(engine);
      key = await createOperationsKey(crm.database.db, crm.ids.storefrontA, 'PIM');
      app = createCrmApp({
        db: crm.database,
        serviceToken: TEST_SERVICE_TOKEN,
        tax: embeddedTaxService().client,
        now: () => TODAY,
        checkAnswers: true,
        catalogueChanged: async (storefrontId) => {
          changed.push(storefrontId);
        },
      });
    });
    afterAll(async () => crm?.close());

    const upload = async (file: string | Uint8Array, format: CatalogueFormat = 'csv', query = '') => {
      call += 1;
      const response = await app.request(`${OPERATIONS_BASE_PATH}/catalogue/import${query}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': CATALOGUE_CONTENT_TYPES[format],
          'idempotency-key': `import-${engine.name}-${call}`,
        },
        body: typeof file === 'string' ? file : Buffer.from(file),
      });
      return {
        status: response.status,
        body: (await response.json()) as CatalogueImportReport & OperationsError,
      };
    };
    const download = async (format: CatalogueFormat) => {
      const response = await app.request(`${OPERATIONS_BASE_PATH}/catalogue/export?format=${format}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(CATALOGUE_CONTENT_TYPES[format]);
      return new Uint8Array(await response.arrayBuffer());
    };
    const search = async (searchText: string, accountId = crm.ids.guest) =>
      (
        await crm.postAs<CatalogPage>('retrieveCatalogNG', {
          storefrontId: crm.ids.storefrontA,
          accountId,
          searchText,
        })
      ).body.items;
    const product = (objectid: string, accId = crm.ids.guest) =>
      crm.getAs<CatalogItemDetail>('getFormattedObjectDetails', {
        objectapi: 'CatalogItem',
        objectid,
        accId,
        stfId: crm.ids.storefrontA,
      });
    const fullCatalogueItem = async (sku: string) => {
      const [row] = await crm.database.db
        .select({ item: catalogueItems })
        .from(catalogueItems)
        .innerJoin(catalogues, eq(catalogues.id, catalogueItems.catalogueId))
        .where(
          and(
            eq(catalogues.storefrontId, crm.ids.storefrontA),
            eq(catalogues.type, 'Full'),
            eq(catalogueItems.sku, sku),
          ),
        );
      return row?.item;
    };
    const profileOf = async (sku: string) => {
      const [row] = await crm.database.db
        .select({
          shippable: shippingProfiles.shippable,
          weightKg: shippingProfiles.weightKg,
          lengthCm: shippingProfiles.lengthCm,
          widthCm: shippingProfiles.widthCm,
          heightCm: shippingProfiles.heightCm,
          coldChain: shippingProfiles.coldChain,
          hazardClass: shippingProfiles.hazardClass,
        })
        .from(shippingProfiles)
        .where(eq(shippingProfiles.sku, sku));
      return row;
    };
    let contacts = 0;
    /** The shipping step's rates for a cart of Marlowe Genomics Core holding the SKUs, to Boston. */
    const shippingRates = async (...skus: string[]) => {
      contacts += 1;
      const who = {
        storefrontId: crm.ids.storefrontA,
        accountId: crm.ids.marlowe,
        contactId: `003-import-${contacts}`,
      };
      let quoteId = '';
      for (const sku of skus) {
        const added = await crm.post('saveItemToQuoteBlink', {
          ...who,
          catalogItemId: (await fullCatalogueItem(sku))?.id,
          qty: 2,
        });
        expect(added.status).toBe(200);
        quoteId = added.body.quote.id;
      }
      await crm.database.db
        .update(quotes)
        .set({ shippingCountry: 'US', shippingState: 'MA' })
        .where(eq(quotes.id, quoteId));
      const { status, body } = await crm.post('calculateShippingCharges', {
        ...who,
        objid: quoteId,
        objtype: 'Quote',
      });
      expect(status).toBe(200);
      return body as ShippingRates;
    };
    const carriersOf = (rates: ShippingRates) =>
      rates.ShippingResults.flatMap((group) => group.ShippingInfo).filter((option) => option.ShippingCarrier);

    it('imports a CSV of new products that the catalogue types then show, with their category, tiers, documents and stock', async () => {
      const { status, body } = await upload(NEW_PRODUCTS);
      expect(status).toBe(200);
      expect(body).toEqual({
        applied: true,
        dryRun: false,
        rows: 2,
        created: 2,
        updated: 0,
        unchanged: 0,
        problems: [],
      });
      expect(changed).toEqual([crm.ids.storefrontA]);

      const [card] = await search('NovaCyte Viability Dye, 405');
      expect(card).toMatchObject({ sku: 'NCX-1001', price: 120, unit: '100 tests', hasTiers: true });
      const { body: detail } = await product(card?.id ?? '');
      expect(detail).toMatchObject({
        description: 'Stains dead cells irreversibly; survives fixation.',
        category: { name: 'Viability' },
        images: ['/images/products/ncx-1001.svg'],
        specifications: [
          { name: 'Excitation', value: '405 nm' },
          { name: 'Emission', value: '450 nm' },
        ],
        attributes: { Application: 'Flow Cytometry', Format: 'Lyophilised' },
      });
      expect(detail.tiers.map(({ sv, ev, price }) => ({ sv, ev, price }))).toEqual([
        { sv: 1, ev: 9, price: 120 },
        { sv: 10, ev: null, price: 108 },
      ]);
      const item = await fullCatalogueItem('NCX-1001');
      expect(item?.documents).toEqual([
        { title: 'Data sheet', url: 'https://docs.example.com/ncx-1001.pdf' },
      ]);
      const stock = await crm.database.db.select().from(productStock).where(eq(productStock.sku, 'NCX-1001'));
      expect(
        stock.map(({ warehouse, quantity, leadTimeDays }) => [warehouse, quantity, leadTimeDays]).sort(),
      ).toEqual([
        ['BOS', 120, 2],
        ['LEI', 0, 14],
      ]);
    });

    it('imports the same file twice: the second time every row is unchanged and no cache is cleared', async () => {
      const before = changed.length;
      const { status, body } = await upload(NEW_PRODUCTS);
      expect(status).toBe(200);
      expect(body).toMatchObject({ applied: true, created: 0, updated: 0, unchanged: 2 });
      expect(changed).toHaveLength(before);
    });

    it('imports shipping profiles, so a quote of the products gets rates; one imported without them is rated as the default parcel', async () => {
      const { status, body } = await upload(PROFILED_PRODUCTS);
      expect([status, body.created, body.problems]).toEqual([200, 3, []]);
      expect(await profileOf('ACM-CD4-PE')).toEqual({
        shippable: true,
        weightKg: 0.2,
        lengthCm: 12,
        widthCm: 10,
        heightCm: 8,
        coldChain: 'cold-packs',
        hazardClass: null,
      });
      expect(await profileOf('ACM-FIX-1')).toMatchObject({
        shippable: true,
        weightKg: 1.3,
        hazardClass: '8',
      });
      expect(await profileOf('ACM-SVC-1')).toMatchObject({ shippable: false });
      expect(await profileOf('NCX-1001')).toEqual(DEFAULT_PARCEL);

      const cold = await shippingRates('ACM-CD4-PE', 'ACM-FIX-1');
      expect(cold.errorMessage).toBeNull();
      expect(carriersOf(cold).length).toBeGreaterThan(0);
      // Cold packs are charged on every option; dangerous goods add their fee to the carriage.
      for (const option of carriersOf(cold)) expect(option.quoteAdditionalSurcharge).toBeGreaterThan(0);

      const plain = await shippingRates('NCX-1001');
      expect(plain.errorMessage).toBeNull();
      expect(carriersOf(plain).map((option) => option.quoteAdditionalSurcharge)).toEqual(
        carriersOf(plain).map(() => 0),
      );
      expect(carriersOf(plain).length).toBeGreaterThan(0);
      expect((await shippingRates('ACM-SVC-1')).requiresShipping).toBe(false);

      const again = await upload(PROFILED_PRODUCTS);
      expect(again.body).toMatchObject({ applied: true, created: 0, updated: 0, unchanged: 3 });
    });

    it('keeps the profile columns a file leaves out; an empty cold chain is ambient, an empty hazard class none', async () => {
      const colder = await upload(csv(['sku', 'cold_chain'], ['ACM-CD4-PE', 'dry ice']));
      expect(colder.body).toMatchObject({ applied: true, updated: 1, unchanged: 0 });
      expect(await profileOf('ACM-CD4-PE')).toMatchObject({
        weightKg: 0.2,
        lengthCm: 12,
        coldChain: 'dry-ice',
      });

      const cleared = await upload(
        csv(['sku', 'weight_kg', 'cold_chain', 'hazard_class'], ['ACM-FIX-1', '', '', '']),
      );
      expect(cleared.body).toMatchObject({ applied: true, updated: 1 });
      expect(await profileOf('ACM-FIX-1')).toMatchObject({
        weightKg: 1.3,
        coldChain: 'none',
        hazardClass: null,
      });
    });

    it('applies a price change from a file of two columns, and retires a product with its replacement', async () => {
      const price = await upload(csv(['sku', 'list_price'], ['NCX-1002', '139.00']));
      expect(price.body).toMatchObject({ applied: true, updated: 1, unchanged: 0 });
      expect((await search('NovaCyte Viability Dye, 488'))[0]).toMatchObject({ price: 139 });
      // Everything the file left out is as it was.
      expect(await fullCatalogueItem('NCX-1002')).toMatchObject({
        unit: '100 tests',
        name: 'NovaCyte Viability Dye, 488 nm',
      });

      const retired = await upload(
        csv(['sku', 'discontinued', 'replacement_sku'], ['NCX-1002', 'yes', 'NCX-1001']),
      );
      expect(retired.body).toMatchObject({ applied: true, updated: 1 });
      expect(await search('NovaCyte')).toEqual([expect.objectContaining({ sku: 'NCX-1001' })]);
      const item = await fullCatalogueItem('NCX-1002');
      const retiredPage = await product(item?.id ?? '');
      expect(retiredPage.body.discontinued).toMatchObject({ replacement: { sku: 'NCX-1001' } });
      const { body } = await crm.post('checkQuickOrder', {
        storefrontId: crm.ids.storefrontA,
        accountId: crm.ids.marlowe,
        contactId: 'catalogue-import',
        rows: [{ line: 1, sku: 'ncx-1002', qty: 2 }],
      });
      expect(body.results[0]).toMatchObject({ status: 'problem', problem: 'superseded' });
      expect(body.results[0] && 'message' in body.results[0] ? body.results[0].message : '').toContain(
        'NCX-1001',
      );
    });

    it('makes an account catalogue with its own prices for the accounts it names, which then buy at them', async () => {
      const { status, body } = await upload(
        csv(
          ['catalogue', 'accounts', 'sku', 'name', 'category', 'unit', 'list_price', 'price', 'tiers'],
          [
            'Marlowe Contract Prices',
            'marlowe genomics core',
            'NCX-1001',
            'NovaCyte Viability Dye, 405 nm',
            'Cell Health > Viability',
            '100 tests',
            '120.00',
            '99.00',
            '1-4:99.00;5+:95.00',
          ],
        ),
      );
      expect([status, body.created]).toEqual([200, 1]);
      const [card] = await search('NovaCyte', crm.ids.marlowe);
      expect(card).toMatchObject({
        sku: 'NCX-1001',
        price: 99,
        listPrice: 120,
        priceSource: 'Catalog Price',
      });
      // Its own catalogue now: nothing else of the full one.
      expect(await search('Anti-Human', crm.ids.marlowe)).toEqual([]);
      expect((await search('NovaCyte'))[0]).toMatchObject({ price: 120 });
    });

    it.each([
      [
        'accounts on the full catalogue',
        csv(['sku', 'accounts'], ['NCX-1001', 'Marlowe Genomics Core']),
        'accounts',
        'the full catalogue is every account',
      ],
      [
        'an account the storefront lacks',
        csv(['catalogue', 'accounts', 'sku'], ['Marlowe Contract Prices', 'Nobody Ltd', 'NCX-1001']),
        'accounts',
        'unknown account Nobody Ltd',
      ],
      [
        'a catalogue it lacks, without its accounts',
        csv(['catalogue', 'sku', 'list_price'], ['Marlow Contract Prices', 'NCX-1001', '1.00']),
        'catalogue',
        'unknown catalogue Marlow Contract Prices',
      ],
      [
        'the full catalogue by its name and by an empty cell for one SKU',
        csv(
          ['catalogue', 'sku', 'list_price'],
          ['', 'NCX-1001', '1.00'],
          ['BioNova Full Catalogue', 'NCX-1001', '2.00'],
        ),
        'sku',
        'NCX-1001 is given again for BioNova Full Catalogue (first in row 2)',
        3,
      ],
      [
        'rows of one SKU giving it two weights',
        csv(
          ['catalogue', 'sku', 'weight_kg'],
          ['', 'NCX-1001', '0.2'],
          ['Marlowe Contract Prices', 'NCX-1001', '0.3'],
        ),
        'weight_kg',
        'differs from the weight_kg of NCX-1001 in row 2; a SKU has one shipping profile whichever catalogue',
        3,
      ],
      [
        'a new product without its unit',
        csv(['sku', 'name', 'category', 'list_price'], ['NCX-3001', 'Dye', 'Cell Health', '1.00']),
        'unit',
        'a new product needs its unit',
      ],
      [
        'a replacement the storefront does not sell',
        csv(['sku', 'discontinued', 'replacement_sku'], ['NCX-1001', 'yes', 'NCX-9999']),
        'replacement_sku',
        'NCX-9999 is not a product the storefront sells',
      ],
    ] as [string, string, string, string, number?][])(
      'refuses %s, naming the column',
      async (_, file, column, message, row = 2) => {
        const { status, body } = await upload(file);
        expect(status).toBe(422);
        expect(body.problems).toContainEqual({ row, column, message: expect.stringContaining(message) });
      },
    );

    /** Each bad file renames NCX-1001 in its row 2 and adds NCX-2001 in row 3: neither may be applied. */
    const columns = [
      'sku',
      'name',
      'category',
      'unit',
      'list_price',
      'tiers',
      'weight_kg',
      'size_cm',
      'cold_chain',
      'hazard_class',
    ];
    const good = [
      'NCX-1001',
      'Renamed meanwhile',
      'Cell Health > Viability',
      '100 tests',
      '120.00',
      '',
      '0.1',
      '10 x 8 x 6',
      'cold packs',
      '',
    ];
    const fresh = [
      'NCX-2001',
      'Viability Dye',
      'Cell Health > Viability',
      'kit',
      '10.00',
      '',
      '0.1',
      '10 x 8 x 6',
      '',
      '',
    ];
    it.each([
      [
        'a price that is no number',
        csv(columns, good, fresh.with(4, 'abc')),
        3,
        'list_price',
        "'abc' is not a price",
      ],
      [
        'overlapping tiers',
        csv(columns, good, fresh.with(5, '1-9:12.00;5-20:11.00')),
        3,
        'tiers',
        'tier 5-20 overlaps tier 1-9',
      ],
      [
        'an unknown category',
        csv(columns, good, fresh.with(2, 'Cell Helth')),
        3,
        'category',
        "unknown category 'Cell Helth'",
      ],
      ['a NUL', csv(columns, good, fresh.with(1, 'Viability\u0000Dye')), 3, 'name', 'must not contain NUL'],
      ['a negative weight', csv(columns, good, fresh.with(6, '-0.2')), 3, 'weight_kg', '-0.2 is negative'],
      [
        'a weight that is no number',
        csv(columns, good, fresh.with(6, 'abc')),
        3,
        'weight_kg',
        "'abc' is not a weight in kg",
      ],
      [
        'a box of two sides',
        csv(columns, good, fresh.with(7, '30 x 20')),
        3,
        'size_cm',
        "'30 x 20' is not length x width x height in cm",
      ],
      [
        'an unknown cold chain',
        csv(columns, good, fresh.with(8, 'frozen')),
        3,
        'cold_chain',
        "'frozen' is not ambient, cold packs, dry ice",
      ],
      [
        'a hazard class that is none',
        csv(columns, good, fresh.with(9, 'abc')),
        3,
        'hazard_class',
        "'abc' is not a UN dangerous-goods class",
      ],
      [
        'an unknown column',
        csv([...columns, 'colour'], [...good, 'red'], [...fresh, 'blue']),
        1,
        'colour',
        'unknown column',
      ],
    ])(
      'refuses a file with %s, naming its row and column, and applies none of its rows',
      async (_, file, row, column, message) => {
        const { status, body } = await upload(file);
        expect(status).toBe(422);
        expect(body.code).toBe('CATALOGUE_REFUSED');
        expect(body.message).toContain('nothing was applied');
        expect(body.problems).toContainEqual({ row, column, message: expect.stringContaining(message) });
        expect((await fullCatalogueItem('NCX-1001'))?.name).toBe('NovaCyte Viability Dye, 405 nm');
        expect(await profileOf('NCX-1001')).toEqual(DEFAULT_PARCEL);
        expect(await fullCatalogueItem('NCX-2001')).toBeUndefined();
        expect(await profileOf('NCX-2001')).toBeUndefined();
      },
    );

    it('checks without applying on a dry run, and reports the problems it would refuse', async () => {
      const fine = await upload(csv(['sku', 'list_price'], ['NCX-1001', '99.00']), 'csv', '?dryRun=true');
      expect(fine.body).toEqual({
        applied: false,
        dryRun: true,
        rows: 1,
        created: 0,
        updated: 1,
        unchanged: 0,
        problems: [],
      });
      expect((await fullCatalogueItem('NCX-1001'))?.listPrice).toBe(120);
      const bad = await upload(csv(['sku', 'list_price'], ['NCX-1001', '-1']), 'csv', '?dryRun=true');
      expect(bad.status).toBe(200);
      expect(bad.body).toMatchObject({ applied: false, problems: [{ row: 2, column: 'list_price' }] });
    });

    it.each(['csv', 'xlsx', 'json'] as const)(
      'exports the storefront catalogue as %s, and importing the export changes nothing',
      async (format) => {
        const before = changed.length;
        const file = await download(format);
        // The export carries each SKU's shipping profile, in the words the file takes.
        const exported = await checkCatalogueFile(file, format);
        const profiles = new Map(exported.rows.map(({ sku, fields }) => [sku, fields]));
        expect(profiles.get('ACM-CD4-PE')).toMatchObject({
          shippable: true,
          weightKg: 0.2,
          sizeCm: { lengthCm: 12, widthCm: 10, heightCm: 8 },
          coldChain: 'dry-ice',
          hazardClass: null,
        });
        expect(profiles.get('ACM-SVC-1')).toMatchObject({ shippable: false });
        if (format === 'csv') {
          const [header = '', ...lines] = new TextDecoder().decode(file).split('\r\n');
          expect(header).toMatch(/,stock,shippable,weight_kg,size_cm,cold_chain,hazard_class$/);
          expect(lines.find((line) => line.includes(',ACM-CD4-PE,'))).toMatch(
            /,yes,0\.2,12 x 10 x 8,dry ice,$/,
          );
        }
        const { status, body } = await upload(file, format);
        expect(status).toBe(200);
        expect(body.created + body.updated).toBe(0);
        expect(body.unchanged).toBe(body.rows);
        expect(body.rows).toBeGreaterThan(500);
        expect(changed).toHaveLength(before);
      },
    );

    it('refuses a workbook that would inflate past its bound, before reading a cell and within a second', async () => {
      const bomb = await writeZip({
        'xl/workbook.xml': '<workbook/>',
        'xl/worksheets/sheet1.xml': Buffer.alloc(130 * 1024 * 1024, 0x20),
      });
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const started = performance.now();
      const { status, body } = await upload(bomb, 'xlsx');
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(status).toBe(422);
      expect(body.problems?.[0]?.message).toContain('unpacks to more than 128 MB');
    });
  },
);
