import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { openApiJson } from '@storefront/contracts/openapi';
import { seedDataDir } from '@storefront/crm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Storefront, startStorefront } from '../src/compose';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';

/**
 * An integrator reads the published contracts from the composed server, with no credentials at all: the
 * generator's documents, which packages/contracts/test/openapi.test.ts holds equal to docs/openapi/.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'storefront-openapi-'));
let storefront: Storefront;

beforeAll(async () => {
  await seedDataDir(dataDir);
  storefront = await startStorefront(
    loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }),
    createLogger('silent'),
  );
}, 120_000);

afterAll(async () => {
  await storefront?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the published OpenAPI documents', () => {
  it.each(['operations', 'crm'] as const)('GET /openapi/%s.json answers the document', async (name) => {
    const answer = await storefront.app.request(`http://localhost/openapi/${name}.json`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    const text = await answer.text();
    expect(text).toBe(openApiJson(name));
    expect(JSON.parse(text).openapi).toMatch(/^3\.1\./);
  });

  it('sends a document compressed to a client that takes gzip', async () => {
    const answer = await storefront.app.request('http://localhost/openapi/crm.json', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    const compressed = Buffer.from(await answer.arrayBuffer());
    expect(compressed.length).toBeLessThan(openApiJson('crm').length / 5);
    expect(gunzipSync(compressed).toString('utf8')).toBe(openApiJson('crm'));
  });

  it('answers 404 for a document it does not publish', async () => {
    const answer = await storefront.app.request('http://localhost/openapi/identity.json');
    expect(answer.status).toBe(404);
  });
});
