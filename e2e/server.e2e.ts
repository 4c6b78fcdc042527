import { expect, test } from '@playwright/test';

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
