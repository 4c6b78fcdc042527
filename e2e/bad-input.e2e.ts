import { expect, test } from '@playwright/test';
import { failureOf, TEXT_PROBLEM } from '@storefront/contracts';
import { guestCrmCall } from './support/gateway';

const NUL = '\u0000';

test('a NUL or a lone surrogate in a CRM call through the gateway is a 400 naming the field', async ({
  request,
}) => {
  const calls: [type: string, payload: Record<string, unknown>, field: string][] = [
    ['retrieveCatalogNG', { searchText: `anti${NUL}cd3` }, 'searchText'],
    ['retrieveCatalogNG', { filters: { Brand: ['\uD800'] } }, 'filters.Brand.0'],
    ['saveItemToQuoteBlink', { catalogItemId: `item${NUL}`, qty: 1 }, 'catalogItemId'],
    ['getLookupRecords', { objectApiName: 'CatalogItem', searchText: NUL }, 'searchText'],
  ];
  for (const [type, payload, field] of calls) {
    const answer = await guestCrmCall<unknown>(request, type, 'POST', payload);
    expect(answer.statusCode, type).toBe(400);
    expect(failureOf(answer.content)).toEqual({
      errorCode: 'INVALID_PAYLOAD',
      field,
      message: `${field}: ${TEXT_PROBLEM}`,
    });
  }
});

test('a NUL in a cart action is refused with a message, never a 500', async ({ request }) => {
  const response = await request.post('/api/cart', {
    form: { intent: 'add', catalogItemId: `item${NUL}`, qty: '1' },
  });
  // A refusal is the cart's answer, not an HTTP error (decision 0013).
  expect(response.status()).toBe(200);
  // The cart shows the problem without the field name, as it does every refusal of a field.
  const problem = `${TEXT_PROBLEM.charAt(0).toUpperCase()}${TEXT_PROBLEM.slice(1)}`;
  expect(await response.json()).toMatchObject({ ok: false, message: problem });
});
