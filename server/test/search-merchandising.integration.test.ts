import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ComposedServer, startComposedServer } from './composed-server';
import { runOperatorCommand } from './operator-command';

const OPERATIONS_TOKEN = 'operations-token-of-the-search-test-0001';

/**
 * A merchandiser's side of the catalogue search at the composed server of `npm start`: a search page that
 * found nothing is counted and exported with `npm run catalogue -- zero-results`, and the synonyms go in and
 * out with the catalogue tools through the operations API.
 */
describe('search merchandising at the composed server', () => {
  let server: ComposedServer;
  let dir: string;
  let env: Record<string, string>;
  let key: string;

  beforeAll(async () => {
    server = await startComposedServer({ OPERATIONS_TOKEN });
    dir = mkdtempSync(join(tmpdir(), 'search-merchandising-'));
    const minted = await fetch(`${server.baseUrl}/operations/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPERATIONS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ storefront: 'localhost', name: 'Merchandising' }),
    });
    key = ((await minted.json()) as { key: string }).key;
    env = { STOREFRONT_URL: server.baseUrl, OPERATIONS_KEY: key };
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows a search that found nothing as such, with the categories, and exports it counted', async () => {
    for (let visit = 0; visit < 2; visit += 1) {
      const page = await fetch(`${server.baseUrl}/search?searchText=${encodeURIComponent('Qwxzv Plasmid')}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('No products match “Qwxzv Plasmid”.');
      expect(html).toContain('Browse the catalogue');
      expect(html).toContain('href="/category/');
    }
    const file = join(dir, 'zero-results.csv');
    const exported = await runOperatorCommand('catalogue', ['zero-results', file], env);
    expect(exported).toMatchObject({ code: 0 });
    expect(exported.stdout).toContain(`Exported the searches that found nothing to ${file}`);
    const lines = readFileSync(file, 'utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(lines[0]).toBe('query,searches,first_searched_at,last_searched_at');
    expect(lines.find((line) => line.startsWith('qwxzv plasmid,'))).toMatch(/^qwxzv plasmid,[12],/);
  }, 60_000);

  it('offers the words without the filters that emptied the list as close matches', async () => {
    const page = await fetch(`${server.baseUrl}/search?searchText=antibody&Brand=ClearView&Conjugate=PE`);
    const html = await page.text();
    expect(html).toContain('No products match “antibody”.');
    expect(html).toMatch(/<h2 id="[^"]+">Close matches<\/h2>/);
    expect(html).toContain('class="product-grid"');
  });

  it('imports synonyms with npm run catalogue, refuses a bad file by row and column, and re-imports its export as a no-op', async () => {
    const good = join(dir, 'synonyms.csv');
    writeFileSync(good, 'terms\r\nPE; phycoerythrin\r\nFITC; fluorescein\r\n');
    const imported = await runOperatorCommand('catalogue', ['import-synonyms', good], env);
    expect(imported).toMatchObject({ code: 0 });
    expect(imported.stdout).toMatch(/Imported synonyms\.csv, 2 groups: 2 added, \d+ removed, 0 unchanged\./);

    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'terms\r\nPE; phycoerythrin\r\nAPC\r\n');
    const refused = await runOperatorCommand('catalogue', ['import-synonyms', bad], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('bad.csv was not sent: it has 1 problem; nothing was applied:');
    expect(refused.stderr).toContain('row 3, terms: a group needs two terms or more');

    for (const format of ['csv', 'xlsx', 'json']) {
      const file = join(dir, `exported.${format}`);
      expect(await runOperatorCommand('catalogue', ['export-synonyms', file], env)).toMatchObject({
        code: 0,
      });
      const again = await runOperatorCommand('catalogue', ['import-synonyms', file], env);
      expect(again.stdout).toContain('2 groups: 0 added, 0 removed, 2 unchanged.');
    }
  }, 120_000);

  it('takes a synonyms file of at most 1 MB on the operations API', async () => {
    const response = await fetch(`${server.baseUrl}/operations/v1/catalogue/synonyms`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv', 'idempotency-key': 'too-big-1' },
      body: `terms\r\n${'pe; phycoerythrin\r\n'.repeat(60_000)}`,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});
