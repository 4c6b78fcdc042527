import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/** A raw answer, as the browser receives it: headers as sent and the body still compressed. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ answer: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ answer, body: Buffer.concat(chunks) }));
      answer.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

test('/health answers without a storefront lookup', async ({ request }) => {
  const response = await request.get('/health', { headers: { host: 'unknown-store.test' } });
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('/api/domain resolves the guest storefront and refuses unknown hosts', async ({ request }) => {
  const known = await request.post('/api/domain', { data: { hostname: 'localhost' } });
  expect(known.status()).toBe(200);
  const details = await known.json();
  expect(details).toMatchObject({ domain: 'localhost', storefrontName: 'BioNova Life Sciences' });
  expect(details.guestAccountId).toEqual(expect.any(String));
  expect(details.awsUserPoolId).toContain('_');

  const partner = await request.post('/api/domain', { data: { hostname: '127.0.0.1' } });
  expect((await partner.json()).guestAccountId).toBeNull();

  const unknown = await request.post('/api/domain', { data: { hostname: 'unknown-store.test' } });
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ message: 'Storefront Not Found' });

  const invalid = await request.post('/api/domain', { data: {} });
  expect(invalid.status()).toBe(400);
});

test('the gateway refuses a request without the API key', async ({ request }) => {
  const response = await request.post('/graphql', {
    data: { query: '{ theme(key: "theme") }' },
  });
  expect(response.status()).toBe(401);
});

test('a page rendered for its visitor, and its data, stream gzip-compressed; small answers go as they are', async ({
  request,
  baseURL,
}) => {
  const home = await (await request.get('/')).text();
  const product = /href="(\/product\/[^"]+)"/.exec(home)?.[1];
  expect(product).toBeDefined();
  // A cart cookie makes the page the visitor's own: rendered and streamed, not served whole from the page cache.
  const visitor = {
    'accept-encoding': 'gzip, deflate, br',
    cookie: `sf_guest_cart=${randomBytes(32).toString('base64url')}`,
  };
  for (const [path, ending] of [
    [product, /<\/html>$/],
    // The data ends with the header's deferred reads, each promise settled on a line of its own.
    [`${product}.data`, /\nP\d+:[^\n]+\n$/],
  ] as const) {
    const { answer, body } = await rawGet(`${baseURL}${path}`, visitor);
    expect(answer.statusCode, path).toBe(200);
    expect(answer.headers['content-encoding'], path).toBe('gzip');
    expect(answer.headers['transfer-encoding'], path).toBe('chunked');
    expect(answer.headers['content-length'], path).toBeUndefined();
    expect(answer.headers.vary, path).toMatch(/Accept-Encoding/);
    expect(gunzipSync(body).toString(), path).toMatch(ending);
  }

  const { answer: health, body } = await rawGet(`${baseURL}/health`, visitor);
  expect(health.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse(body.toString())).toEqual({ status: 'ok' });
});
