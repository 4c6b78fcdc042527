import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { OPERATIONS_TOKEN_FILE, operationsOnly, publishOperationsToken } from '../src/operations-access';

const TOKEN = 'operations-token-of-this-test-0123456789';
const app = new Hono();
app.use('/metrics', operationsOnly(TOKEN));
app.get('/metrics', (c) => c.text('storefront_up 1\n'));

describe("the operator's endpoints", () => {
  it('refuse a request without the token, or with another, and say what to send', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, TOKEN]) {
      const response = await app.request('/metrics', { headers: authorization ? { authorization } : {} });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="operations"');
      expect(await response.text()).not.toContain('storefront_up');
    }
  });

  it('answer the operator who sends the token', async () => {
    const response = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('storefront_up 1\n');
  });
});

describe('the token of an embedded server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'operations-token-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is left beside the data, readable by its owner only', async () => {
    const path = await publishOperationsToken(join(dataDir, 'data'), TOKEN);
    expect(path).toBe(join(dataDir, 'data', OPERATIONS_TOKEN_FILE));
    expect(readFileSync(path, 'utf8').trim()).toBe(TOKEN);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});
