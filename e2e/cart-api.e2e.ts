import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { guestCrmCall } from './support/gateway';

/** A cart action as the page's forms send it. */
const act = (request: APIRequestContext, form: Record<string, string>) => request.post('/api/cart', { form });

async function anyItemId(request: APIRequestContext): Promise<string> {
  const page = await guestCrmCall<{ items: { id: string }[] }>(request, 'retrieveCatalogNG', 'POST', {
    pageSize: 1,
  });
  const id = page.content.items[0]?.id;
  if (!id) throw new Error('the demo catalogue is empty');
  return id;
}

test("a guest's first add starts a cart bound to an http-only cookie", async ({ request }) => {
  const page = await guestCrmCall<{ items: { id: string; name: string }[] }>(
    request,
    'retrieveCatalogNG',
    'POST',
    {
      pageSize: 1,
    },
  );
  const [item] = page.content.items;
  if (!item) throw new Error('the demo catalogue is empty');
  // A name the page sends is not the product's: the message names the product as the CRM holds it.
  const response = await act(request, {
    intent: 'add',
    catalogItemId: item.id,
    qty: '3',
    name: 'Free sample',
  });
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({
    ok: true,
    intent: 'add',
    lineCount: 1,
    message: `${item.name} (3) was added to your cart.`,
  });
  const cookie = response.headers()['set-cookie'] ?? '';
  expect(cookie).toMatch(/^sf_guest_cart=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+/);
});

test('the cart action answers bad input with a message a person can act on, as an answer, not an HTTP error', async ({
  request,
}) => {
  const itemId = await anyItemId(request);
  const cases: [Record<string, string>, string][] = [
    [{ intent: 'add', catalogItemId: itemId, qty: '0' }, 'Quantity must be at least 1.'],
    [{ intent: 'add', catalogItemId: itemId, qty: '2.5' }, 'Quantity must be a whole number.'],
    [{ intent: 'add', catalogItemId: itemId, qty: 'many' }, 'Quantity must be a number.'],
    [{ intent: 'promo', quoteId: 'q-1', promoCode: ' ' }, 'Enter a promo code.'],
    [{ intent: 'removePromo', quoteId: 'q-1', promoCode: '' }, 'Enter a promo code.'],
  ];
  for (const [form, message] of cases) {
    const response = await act(request, form);
    expect(response.status(), JSON.stringify(form)).toBe(200);
    expect(await response.json()).toMatchObject({ ok: false, message });
  }
  // What no page of the storefront sends is a bad request.
  const unknown = await act(request, { intent: 'empty-everything' });
  expect(unknown.status()).toBe(400);
  expect(await unknown.json()).toMatchObject({ ok: false, message: 'Unknown cart action.' });
  const json = await request.post('/api/cart', { data: { intent: 'add' } });
  expect(json.status()).toBe(400);
  expect(await json.json()).toMatchObject({
    message:
      'The request could not be read as a form: send it form-encoded (application/x-www-form-urlencoded) or as multipart/form-data with its boundary.',
  });
});

test("a quote id alone does not reach another guest's cart", async ({ request, baseURL }) => {
  const added = await act(request, { intent: 'add', catalogItemId: await anyItemId(request), qty: '1' });
  const { quoteId } = (await added.json()) as { quoteId: string };
  const stranger = await playwrightRequest.newContext({ baseURL });
  try {
    // The stranger starts a cart of their own, then names the first guest's quote.
    await act(stranger, { intent: 'add', catalogItemId: await anyItemId(stranger), qty: '1' });
    const change = await act(stranger, { intent: 'remove', quoteId, lineId: 'any-line' });
    expect(change.status()).toBe(403);
    expect(await change.json()).toMatchObject({
      ok: false,
      message: 'Access Denied: You do not have permission to view this record.',
    });
    const exported = await stranger.get(`/api/cart/export?quoteId=${quoteId}`);
    expect(exported.status()).toBe(403);
  } finally {
    await stranger.dispose();
  }
});
