import { createHash } from 'node:crypto';
import { openSeededCrm, type SeededCrm, testEngines } from '@storefront/crm/testing';
import { createCognitoTokenVerifier } from '@storefront/gateway';
import { migrateIdentity } from '@storefront/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type StorefrontLoadContext,
  storefrontLoadContext,
} from '../../apps/storefront/app/lib/load-context';
import {
  ensurePortalUser,
  ISSUER_BASE,
  identityService,
  signIn,
} from '../../packages/gateway/test/user-pools';
import { routeContext } from './route-context';

/** The route modules, loaded as React Router loads them (by URL: the app is type checked apart). */
type Handler = (args: unknown) => Promise<unknown>;
const load = async (path: string) =>
  (await import(new URL(`../../apps/storefront/app/${path}`, import.meta.url).href)) as {
    loader: Handler;
    action: Handler;
  };
const templatePage = await load('routes/template-page.tsx');
const savedFiltersApi = await load('features/catalogue-filters/saved-filters-api.ts');
const cartApi = await load('features/cart/cart-api.ts');

const BUYER = { username: 'buyer@halvorsen.example', contactId: '003ANA000000000AAA' };
const OTHER = { username: 'buyer@marlowe.example', contactId: '003MAR000000000AAA' };

/** What React Router's data() and redirect() hand back. */
interface DataResult {
  type?: string;
  data: { ok: boolean; message: string; quoteId?: string; signInPath?: string };
  init: { status?: number } | null;
}
interface Block {
  componentName: string;
  state: { status: string; data?: Record<string, unknown> };
}

function isDataWithHeaders(value: unknown): value is { data: unknown } {
  return (
    typeof value === 'object' && value !== null && 'type' in value && value.type === 'DataWithResponseInit'
  );
}

/**
 * A signed-in buyer's saved catalogue filters (C§7 saveECatalogFilters, getSavedFilter) from the product list's
 * filter panel, and "Start new cart" (startNewCart) from the cart, through the route modules the composed
 * server runs, the in-process gateway and the seeded CRM.
 */
describe.each(await testEngines())('saved filters and a new cart on $name', (engine) => {
  let crm: SeededCrm;
  let context: StorefrontLoadContext;
  const cookies = new Map<string, string>();

  const request = (path: string, cookie: string, form?: Record<string, string | string[]>) => {
    const init: RequestInit = { headers: cookie ? { cookie } : {} };
    if (form) {
      const body = new URLSearchParams();
      for (const [name, value] of Object.entries(form)) {
        for (const one of [value].flat()) body.append(name, one);
      }
      Object.assign(init, { method: 'POST', body });
    }
    const req = new Request(`http://localhost${path}`, init);
    return { request: req, url: new URL(req.url), params: {}, context: storefrontLoadContext(context) };
  };

  async function blocksAt(path: string, cookie = '', params: Record<string, string> = {}): Promise<Block[]> {
    const loaded = await templatePage.loader({ ...request(path, cookie), params });
    const page = (isDataWithHeaders(loaded) ? loaded.data : loaded) as { sections: { blocks: Block[] }[] };
    return page.sections.flatMap((section) => section.blocks);
  }
  const blockData = (blocks: Block[], name: string) =>
    blocks.find((block) => block.componentName === name)?.state.data ?? {};
  const savedFiltersAt = async (path: string, cookie = '') =>
    blockData(await blocksAt(path, cookie, { page: 'search' }), 'productList').savedFilters as
      | { id: string; name: string }[]
      | null;
  const filtersAction = (cookie: string, form: Record<string, string | string[]>) =>
    savedFiltersApi.action(request('/api/catalogue-filters', cookie, form)).catch((thrown) => thrown);
  const cartAction = (cookie: string, form: Record<string, string>) =>
    cartApi.action(request('/api/cart', cookie, form)) as Promise<DataResult>;

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const database = crm.database.database;
    await migrateIdentity(database);
    const identity = identityService(database, () => new Date());
    context = routeContext(crm, {
      verifyToken: createCognitoTokenVerifier({ issuerBase: ISSUER_BASE, fetch: identity }),
    });
    const storefront = await context.resolveDomain('localhost');
    if (!storefront) throw new Error('The demo has no storefront at localhost.');
    for (const [user, accountId] of [
      [BUYER, crm.ids.halvorsen],
      [OTHER, crm.ids.marlowe],
    ] as const) {
      await ensurePortalUser(database, storefront, user.username, {
        'custom:salesforceAccountId': accountId,
        'custom:salesforceContactId': user.contactId,
      });
      const tokens = await signIn(identity, storefront.clientId, user.username);
      const prefix = `CognitoIdentityServiceProvider.${storefront.clientId}`;
      const name = encodeURIComponent(user.username);
      cookies.set(
        user.username,
        [
          `${prefix}.LastAuthUser=${name}`,
          `${prefix}.${name}.accessToken=${tokens.AccessToken}`,
          `${prefix}.${name}.idToken=${tokens.IdToken}`,
        ].join('; '),
      );
    }
  });
  afterAll(() => crm.close());

  const cookieOf = (user: { username: string }) => cookies.get(user.username) ?? '';

  it("saves the list's filters under a name, lists them in the panel, and applies one as the list's URL", async () => {
    const buyer = cookieOf(BUYER);
    expect(await savedFiltersAt('/search', buyer)).toEqual([]);
    const saved = (await filtersAction(buyer, {
      intent: 'save',
      name: 'FITC for flow',
      searchText: 'cd4',
      Conjugate: ['FITC', 'PE'],
    })) as DataResult;
    expect(saved.data).toEqual({
      ok: true,
      intent: 'save',
      message: 'Your filters are saved as “FITC for flow”.',
    });
    const listed = await savedFiltersAt('/search', buyer);
    expect(listed?.map((filter) => filter.name)).toEqual(['FITC for flow']);

    const applied = (await filtersAction(buyer, {
      intent: 'apply',
      filterId: listed?.[0]?.id ?? '',
      path: '/search',
    })) as Response;
    expect(applied.status).toBe(303);
    expect(applied.headers.get('location')).toBe('/search?searchText=cd4&Conjugate=FITC&Conjugate=PE');
  });

  it("refuses a name left empty, another account's filter, and a guest, each with a message", async () => {
    const empty = (await filtersAction(cookieOf(BUYER), { intent: 'save', name: ' ' })) as DataResult;
    expect(empty.data).toMatchObject({ ok: false, message: 'Give the filters a name.' });

    const mine = (await savedFiltersAt('/search', cookieOf(BUYER))) ?? [];
    const others = (await filtersAction(cookieOf(OTHER), {
      intent: 'apply',
      filterId: mine[0]?.id ?? '',
      path: '/search',
    })) as DataResult;
    expect(others.data).toMatchObject({ ok: false, intent: 'apply' });
    expect(await savedFiltersAt('/search', cookieOf(OTHER))).toEqual([]);

    // A guest has no saved filters to show, and is asked to sign in to save one.
    expect(await savedFiltersAt('/search')).toBeNull();
    const guest = (await filtersAction('', {
      intent: 'save',
      name: 'Mine',
      Conjugate: 'FITC',
    })) as DataResult;
    expect(guest.init?.status).toBe(401);
    expect(guest.data).toMatchObject({ ok: false, message: 'Sign in to save and use filters.' });
  });

  it('starts a new, empty cart and keeps the previous one among the earlier carts', async () => {
    const buyer = cookieOf(BUYER);
    const catalogue = await crm.post('retrieveCatalogNG', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
      pageSize: 1,
    });
    const added = await cartAction(buyer, {
      intent: 'add',
      catalogItemId: catalogue.body.items[0]?.id ?? '',
      qty: '1',
    });
    const previous = added.data.quoteId;
    expect(previous).toBeTruthy();

    const started = await cartAction(buyer, { intent: 'startNew' });
    expect(started.data).toMatchObject({
      ok: true,
      message: 'A new, empty cart is started. Your previous cart is kept under Your earlier carts.',
    });
    expect(started.data.quoteId).not.toBe(previous);

    // The buyer read the cart's guidance before (P§2 sends a signed-in buyer there first otherwise).
    const guidanceDone = `sf_guidance_done=${createHash('sha256').update(BUYER.username).digest('base64url').slice(0, 22)}`;
    const cart = blockData(await blocksAt('/cart', `${buyer}; ${guidanceDone}`), 'cart') as {
      cart: { status: string };
      earlier: { id: string }[];
    };
    expect(cart.cart.status).toBe('empty');
    expect(cart.earlier.map((quote) => quote.id)).toContain(previous);
  });

  it("refuses a guest's new cart: the guest account's cart is every guest's own", async () => {
    const refused = await cartAction('', { intent: 'startNew' });
    expect(refused.data).toMatchObject({
      ok: false,
      message: 'Sign in to keep your cart and start a new one.',
    });
  });
});
