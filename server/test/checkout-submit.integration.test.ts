import type { OrderConfirmation } from '@storefront/contracts';
import { quotes, templates } from '@storefront/crm/db/schema';
import { openSeededCrm, type SeededCrm, testEngines } from '@storefront/crm/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type StorefrontLoadContext,
  storefrontLoadContext,
} from '../../apps/storefront/app/lib/load-context';
import { routeContext } from './route-context';

/**
 * The route modules, loaded as React Router loads them; imported by URL so this package's type check does not
 * take in the web app's generated route types.
 */
const route = (path: string) =>
  new URL(`../../apps/storefront/app/features/checkout/${path}`, import.meta.url).href;
type Handler = (args: unknown) => Promise<unknown>;
const { action: submit } = (await import(route('submit.ts'))) as { action: Handler };
const { loader: confirmation } = (await import(route('confirmation.tsx'))) as { loader: Handler };
const { action: checkoutAction } = (await import(route('checkout-api.ts'))) as { action: Handler };

const secretOf = (letter: string) => letter.repeat(43);
const WITH_PDF = 'tpl-server-checkout';
const WITHOUT_PDF = 'tpl-server-checkout-no-pdf';

/** What React Router's data() hands back: the payload and its status. */
interface DataResult {
  data: { ok: boolean; message: string };
  init: { status?: number } | null;
}

/**
 * Placing an order as the composed server runs it: the route modules, the in-process gateway and the seeded
 * CRM, a guest of the public demo storefront identified by the cart cookie.
 */
describe.each(await testEngines())('the place-order route and the confirmation page on $name', (engine) => {
  let crm: SeededCrm;
  let context: StorefrontLoadContext;
  let quoteId: string;

  const request = (path: string, guestSecret: string, body?: Record<string, string>) => {
    const init: RequestInit = { headers: { cookie: `sf_guest_cart=${guestSecret}` } };
    if (body) Object.assign(init, { method: 'POST', body: new URLSearchParams(body) });
    const req = new Request(`http://localhost${path}`, init);
    return { request: req, url: new URL(req.url), context: storefrontLoadContext(context) };
  };
  const place = (templateId: string, guestSecret = secretOf('g')) =>
    submit({ ...request('/api/checkout/submit', guestSecret, { quoteId, templateId }), params: {} });
  const confirm = (orderNumber: string, guestSecret = secretOf('g')) =>
    confirmation({
      ...request(`/checkout/confirmation/${orderNumber}`, guestSecret),
      params: { orderNumber },
    });

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    context = routeContext(crm);
    const template = (id: string, pdf: string | null) => ({
      id,
      storefrontId: crm.ids.storefrontA,
      name: id,
      createdDate: new Date('2025-01-01T00:00:00Z'),
      Page_Type: 'Checkout',
      Quote_eDocument_ID: pdf,
    });
    await crm.database.db
      .insert(templates)
      .values([template(WITH_PDF, 'QuoteOrderPdf'), template(WITHOUT_PDF, null)]);
    const guest = {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.guest,
      guestCartSecret: secretOf('g'),
    };
    const catalogue = await crm.post('retrieveCatalogNG', guest);
    await crm.post('startNewCart', guest);
    const cart = await crm.post('saveItemToQuoteBlink', {
      ...guest,
      catalogItemId: catalogue.body.items[0]?.id,
      qty: 1,
    });
    quoteId = cart.body.quote.id;
    // The checkout's steps as the page leaves them: addresses, a shipping method, terms on account.
    await crm.database.db
      .update(quotes)
      .set({
        shippingAddress: '1 Main St',
        shippingCity: 'Austin',
        shippingState: 'TX',
        shippingZip: '78701',
        shippingCountry: 'US',
        billingAddress1: '1 Main St',
        billingCity: 'Austin',
        billingState: 'TX',
        billingZip: '78701',
        billingCountry: 'US',
        billingContactEmail: 'buyer@example.com',
        shippingCarrier: 'UPS',
        shippingService: 'Ground',
        shippingAmount: 10,
        payOnlineTerms: 'No Payment',
      })
      .where(eq(quotes.id, quoteId));
  });
  afterAll(() => crm.close());

  it('answers a refusal as { ok: false, message } with the CRM’s text, never as an HTTP error', async () => {
    const noTemplate = (await place(WITHOUT_PDF)) as DataResult;
    expect(noTemplate.data).toEqual({ ok: false, message: 'Error - Quote PDF template is not set' });
    expect(noTemplate.init?.status).toBe(200);
    const noPo = (await place(WITH_PDF)) as DataResult;
    expect(noPo.data).toEqual({ ok: false, message: 'ERROR: Please enter a PO Number.' });
    expect(noPo.init?.status).toBe(200);
  });

  it("answers an address save the CRM fails for another reason with C§8's 'Unknown Error. Please try again'", async () => {
    // Another guest's cart: the CRM refuses it (403), which is no answer about the address itself.
    const saved = (await checkoutAction({
      ...request('/api/checkout', secretOf('h'), {
        intent: 'saveAddress',
        quoteId,
        checked: 'true',
        firstName: 'Ana',
        lastName: 'Lima',
        email: 'ana@example.com',
        phone: '',
        address: '1 Long Wharf',
        address2: '',
        city: 'Boston',
        state: 'MA',
        zip: '02110',
        country: 'US',
        useForBilling: 'true',
      }),
      params: {},
    })) as DataResult;
    expect(saved.data).toMatchObject({ ok: false, message: 'Unknown Error. Please try again' });
    expect(saved.init?.status).toBe(403);
  });

  it('places the order, sends the buyer to its confirmation, and shows it to that guest only', async () => {
    await crm.database.db.update(quotes).set({ poNumber: 'G-100' }).where(eq(quotes.id, quoteId));
    const placed = (await place(WITH_PDF)) as Response;
    expect(placed.status).toBe(303);
    const location = placed.headers.get('location') ?? '';
    const orderNumber = decodeURIComponent(location.replace('/checkout/confirmation/', ''));
    expect(orderNumber).toMatch(/^SO-2025-\d{6}$/);
    // A second tab submitting the same quote lands on the same confirmation.
    expect(((await place(WITH_PDF)) as Response).headers.get('location')).toBe(location);

    const shown = (await confirm(orderNumber)) as { order: OrderConfirmation };
    expect(shown.order).toMatchObject({ orderNumber, quoteId, poNumber: 'G-100' });
    expect(shown.order.lines).toHaveLength(1);
    expect(shown.order.pdf?.fileName).toBe(`Order-${orderNumber}.pdf`);

    const stranger = await confirm(orderNumber, secretOf('h')).catch((error: unknown) => error);
    expect(stranger).toMatchObject({ init: { status: 403 } });
    const unknown = await confirm('SO-2025-999999').catch((error: unknown) => error);
    expect(unknown).toMatchObject({ init: { status: 404 } });
  });
});
