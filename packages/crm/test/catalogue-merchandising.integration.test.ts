import {
  CATALOGUE_CONTENT_TYPES,
  type CatalogPage,
  type CatalogueFormat,
  OPERATIONS_BASE_PATH,
  type OperationsError,
  type SynonymsImportReport,
} from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSynonymsFile } from '../src/catalogue';
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

const SYNONYMS = csv(
  ['terms'],
  ['PE; Phycoerythrin;  R-PE '],
  ['mAb; monoclonal antibody'],
  ['7-AAD; 7-aminoactinomycin D'],
);

describe.each(await testEngines())('search merchandising through the operations API on $name', (engine) => {
  let crm: SeededCrm;
  let key: string;
  let app: ReturnType<typeof createCrmApp>;
  const changed: string[] = [];
  let call = 0;

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    key = await createOperationsKey(crm.database.db, crm.ids.storefrontA, 'Merchandising');
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
    const response = await app.request(`${OPERATIONS_BASE_PATH}/catalogue/synonyms${query}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': CATALOGUE_CONTENT_TYPES[format],
        'idempotency-key': `synonyms-${engine.name}-${call}`,
      },
      body: typeof file === 'string' ? file : Buffer.from(file),
    });
    return {
      status: response.status,
      body: (await response.json()) as SynonymsImportReport & OperationsError,
    };
  };
  const download = async (path: string, format: CatalogueFormat) => {
    const response = await app.request(`${OPERATIONS_BASE_PATH}${path}?format=${format}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(CATALOGUE_CONTENT_TYPES[format]);
    return new Uint8Array(await response.arrayBuffer());
  };
  const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
  /** A CSV export's lines, without the byte order mark spreadsheets read it by. */
  const lines = (bytes: Uint8Array) =>
    text(bytes)
      .replace(/^\ufeff/, '')
      .split('\r\n');
  const search = (searchText: string, more: object = {}) =>
    crm.postAs<CatalogPage>('retrieveCatalogNG', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.guest,
      searchText,
      ...more,
    });

  it("exports the field's usual synonyms a storefront starts with, and imports them back as a no-op", async () => {
    const exported = await download('/catalogue/synonyms', 'csv');
    expect(lines(exported)).toContain('pe; phycoerythrin; r-phycoerythrin');
    const report = await upload(exported);
    expect(report.body).toMatchObject({ applied: true, added: 0, removed: 0, problems: [] });
    expect(report.body.unchanged).toBeGreaterThan(10);
  });

  it('replaces the synonyms with the file, and the same file again changes nothing', async () => {
    const first = await upload(SYNONYMS);
    expect(first.status).toBe(200);
    // The usual mAb group is the storefront's already; the other two are new, and the rest of its groups go.
    expect(first.body).toMatchObject({
      applied: true,
      dryRun: false,
      rows: 3,
      added: 2,
      unchanged: 1,
      problems: [],
    });
    expect(first.body.removed).toBeGreaterThan(10);
    expect(changed).toContain(crm.ids.storefrontA);
    // Lower case with single spaces, as the search compares them; groups by their first term.
    expect(lines(await download('/catalogue/synonyms', 'csv'))).toEqual([
      'terms',
      '7-aad; 7-aminoactinomycin d',
      'mab; monoclonal antibody',
      'pe; phycoerythrin; r-pe',
      '',
    ]);
    const told = changed.length;
    const again = await upload(SYNONYMS);
    expect(again.body).toMatchObject({ applied: true, added: 0, removed: 0, unchanged: 3 });
    expect(changed).toHaveLength(told);
  });

  it.each(['csv', 'xlsx', 'json'] as const)('imports its own %s export as a no-op', async (format) => {
    const exported = await download('/catalogue/synonyms', format);
    const report = await upload(exported, format);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ applied: true, rows: 3, added: 0, removed: 0, unchanged: 3 });
    expect(await download('/catalogue/synonyms', format)).toEqual(exported);
  });

  it('refuses a file with any bad row, naming each by row and column, and applies none of it', async () => {
    const before = await download('/catalogue/synonyms', 'json');
    const refused = await upload(
      csv(
        ['terms'],
        ['FITC; fluorescein'],
        ['PE'],
        ['APC; allophycocyanin'],
        ['fluorescein; FITC-conjugate'],
        ['a<b; c'],
        ['cd4 (human); anti-human cd4'],
        ['one two three four five; five words'],
      ),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('SYNONYMS_REFUSED');
    expect(refused.body.message).toMatch(
      /^The file was refused, nothing was applied: 5 problems, the first at row 3, terms/,
    );
    expect(refused.body.problems).toEqual([
      { row: 3, column: 'terms', message: expect.stringMatching(/two terms or more/) },
      { row: 5, column: 'terms', message: expect.stringMatching(/'fluorescein' is also in row 2/) },
      { row: 6, column: 'terms', message: expect.stringMatching(/'a<b' may hold letters, digits/) },
      { row: 7, column: 'terms', message: "'cd4 (human)' is searched as 'cd4 human'; write it so" },
      {
        row: 8,
        column: 'terms',
        message: "'one two three four five' has more than 4 words, more than a search matches as one term",
      },
    ]);
    expect(await download('/catalogue/synonyms', 'json')).toEqual(before);
  });

  it('names an unknown column, and checks a dry run without applying it', async () => {
    const unknown = await upload(csv(['terms', 'note'], ['PE; phycoerythrin', 'x']));
    expect(unknown.status).toBe(422);
    expect(unknown.body.problems).toEqual([
      { row: 1, column: 'note', message: 'unknown column; a synonyms file has one column, terms' },
    ]);
    const dry = await upload(csv(['terms'], ['FITC; fluorescein']), 'csv', '?dryRun=true');
    expect(dry.body).toMatchObject({ applied: false, dryRun: true, added: 1, removed: 3, unchanged: 0 });
    expect(text(await download('/catalogue/synonyms', 'csv'))).toMatch(/pe; phycoerythrin; r-pe/);
  });

  it('bounds the file before it is read: by its size, and by its number of groups', async () => {
    const huge = `terms\r\n${'pe; phycoerythrin\r\n'.repeat(60_000)}`;
    const tooBig = await upload(huge);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await checkSynonymsFile(Buffer.from(huge), 'csv')).problems[0]?.message).toMatch(
      /a synonyms file may be at most 1024 KB/,
    );
    const many = csv(['terms'], ...Array.from({ length: 2_001 }, (_, n) => [`term${n}a; term${n}b`]));
    const refused = await upload(many);
    expect(refused.status).toBe(422);
    expect(refused.body.problems).toEqual([
      { row: null, column: null, message: 'The file has 2,001 groups; at most 2,000.' },
    ]);
  });

  it('counts the searches that found nothing and exports them, the most searched first', async () => {
    await search('qwxzv plasmid');
    await search('zzyzx');
    await search('zzyzx');
    // A filter that empties a list is not a query with no result, nor is a later page.
    await search('zzyzx', { filters: { Conjugate: ['PE'] } });
    await search('zzyzx', { page: 2 });
    const found = await search('CD4');
    expect(found.body.totalCount).toBeGreaterThan(0);
    const rows = JSON.parse(text(await download('/catalogue/zero-result-queries', 'json'))) as {
      query: string;
      searches: string;
      first_searched_at: string;
      last_searched_at: string;
    }[];
    expect(rows.map(({ query, searches }) => [query, searches])).toEqual([
      ['zzyzx', '2'],
      ['qwxzv plasmid', '1'],
    ]);
    expect(lines(await download('/catalogue/zero-result-queries', 'csv'))[0]).toBe(
      'query,searches,first_searched_at,last_searched_at',
    );
  });

  it('answers the corrected text of a misspelt search ("did you mean")', async () => {
    const misspelt = await search('antibdy');
    expect(misspelt.body.correctedText).toBe('antibody');
    expect((await search('antibody')).body.correctedText).toBeNull();
  });
});
