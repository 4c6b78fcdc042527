import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ComposedServer, startComposedServer } from './composed-server';
import { runOperatorCommand } from './operator-command';

const OPERATIONS_TOKEN = 'operations-token-of-the-catalogue-test-01';

/**
 * A catalogue imported into the composed server of `npm start`, through its operations API and the command,
 * shows on the guest product page at once: the page the cache kept before is not served again.
 */
describe('a catalogue import at the composed server', () => {
  let server: ComposedServer;
  let key: string;
  let dir: string;
  let productPage: string;
  let sku: string;

  beforeAll(async () => {
    server = await startComposedServer({ OPERATIONS_TOKEN });
    dir = mkdtempSync(join(tmpdir(), 'catalogue-command-'));
    const minted = await fetch(`${server.baseUrl}/operations/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPERATIONS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ storefront: 'localhost', name: 'PIM' }),
    });
    key = ((await minted.json()) as { key: string }).key;
    const exported = await fetch(`${server.baseUrl}/operations/v1/catalogue/export?format=json`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const rows = (await exported.json()) as { sku: string; category: string }[];
    sku = rows.find((row) => row.category === 'Flow Cytometry Antibodies')?.sku ?? '';
    // The old site's address of a product leads to its page.
    const moved = await fetch(`${server.baseUrl}/product_detail/guest-catalog/${sku}`, {
      redirect: 'manual',
    });
    productPage = new URL(moved.headers.get('location') ?? '', server.baseUrl).pathname;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const guestVisit = async () => {
    const response = await fetch(`${server.baseUrl}${productPage}`);
    return { cache: response.headers.get('x-page-cache'), page: await response.text() };
  };

  it('shows an imported name on the guest product page at once, where the cache kept the old one', async () => {
    expect(productPage).toMatch(/^\/product\//);
    await guestVisit();
    expect((await guestVisit()).cache).toBe('hit');
    const response = await fetch(`${server.baseUrl}/operations/v1/catalogue/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv', 'idempotency-key': 'rename-1' },
      body: `sku,name\r\n${sku},Anti-Human CD4 Reformulated Conjugate\r\n`,
    });
    expect(await response.json()).toMatchObject({ applied: true, updated: 1 });
    const after = await guestVisit();
    expect(after.cache).toBe('miss');
    expect(after.page).toContain('Anti-Human CD4 Reformulated Conjugate');
  });

  it('imports with npm run catalogue, prints each problem of a refused file and exits with 1, and exports', async () => {
    const env = { STOREFRONT_URL: server.baseUrl, OPERATIONS_KEY: key };
    const good = join(dir, 'prices.csv');
    writeFileSync(good, `sku,list_price\r\n${sku},321.00\r\n`);
    const imported = await runOperatorCommand('catalogue', ['import', good], env);
    expect(imported).toMatchObject({ code: 0 });
    expect(imported.stdout).toContain('Imported prices.csv, 1 rows: 0 created, 1 updated, 0 unchanged.');
    expect((await guestVisit()).page).toContain('321.00');

    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, `sku,list_price,colour\r\n${sku},abc,red\r\n`);
    const refused = await runOperatorCommand('catalogue', ['import', bad], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('row 1, colour: unknown column');

    const exported = join(dir, 'catalogue.xlsx');
    const exporting = await runOperatorCommand('catalogue', ['export', exported], env);
    expect(exporting).toMatchObject({ code: 0 });
    expect(readFileSync(exported).subarray(0, 2).toString()).toBe('PK');
    const reimported = await runOperatorCommand('catalogue', ['import', exported], env);
    expect(reimported.stdout).toMatch(/0 created, 0 updated, [\d,]+ unchanged/);
  }, 120_000);
});
