import { productPath } from '@storefront/contracts/template-resolution';
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

/** The route modules, loaded as React Router loads them (by URL: this package's type check skips the app). */
type Handler = (args: unknown) => Promise<unknown>;
const load = async (path: string) =>
  (await import(new URL(`../../apps/storefront/app/${path}`, import.meta.url).href)) as {
    loader: Handler;
    action: Handler;
  };
const templatePage = await load('routes/template-page.tsx');
const cartApi = await load('features/cart/cart-api.ts');
const root = await load('root.tsx');

const BUYER = { username: 'buyer@halvorsen.example', contactId: '003ANA000000000AAA' };

/** One request to the gateway: the root fields it selected, and the CRM types its makeCalls named. */
interface GatewayRequest {
  fields: string[];
  crmTypes: string[];
}

/** Of a page's data, what a person sees: each block's name and whether it is ready, and promises settled. */
interface PageData {
  sections: {
    blocks: { componentName: string; state: { status: string; data?: Record<string, unknown> } }[];
  }[];
  head: { title: string };
}

function isDataWithHeaders(value: unknown): value is { data: unknown } {
  return (
    typeof value === 'object' && value !== null && 'type' in value && value.type === 'DataWithResponseInit'
  );
}

/**
 * A page's gateway traffic, counted where the composed server hands the storefront its gateway: the page
 * must stay within the requests it makes today, so a change that adds a round trip shows here.
 */
describe.each(await testEngines())('the gateway requests a page makes on $name', (engine) => {
  let crm: SeededCrm;
  let context: StorefrontLoadContext;
  let requests: GatewayRequest[] = [];
  let cookie = '';
  let product = { path: '', productTemplateId: '', slug: '', id: '' };
  /** CRM types the CRM answers 503 for, as when one of its services is down. */
  let unavailable: string[] = [];

  async function visit(path: string, options: { cookie?: string; params?: Record<string, string> } = {}) {
    requests = [];
    const request = new Request(`http://localhost${path}`, {
      headers: options.cookie ? { cookie: options.cookie } : {},
    });
    const args = {
      request,
      url: new URL(request.url),
      params: options.params ?? {},
      context: storefrontLoadContext(context),
    };
    const [loaded] = await Promise.all([templatePage.loader(args), root.loader(args)]);
    // A guest's page comes wrapped with the header that lets the server keep it for the next guest.
    const page = (isDataWithHeaders(loaded) ? loaded.data : loaded) as PageData;
    // Deferred data streams after the page: it is read before the count is taken.
    const deferred = page.sections.flatMap((section) =>
      section.blocks.flatMap((block) => Object.values(block.state.data ?? {})),
    );
    await Promise.all(deferred);
    return page;
  }

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const database = crm.database.database;
    await migrateIdentity(database);
    const identity = identityService(database, () => new Date());
    const crmFetch = crm.app.fetch.bind(crm.app);
    crm.app.fetch = ((request: Request, ...rest: unknown[]) => {
      const type = new URL(request.url).searchParams.get('type') ?? '';
      if (unavailable.includes(type)) {
        return Response.json([{ message: 'Service unavailable', errorCode: 'UNAVAILABLE' }], { status: 503 });
      }
      return crmFetch(request, ...(rest as []));
    }) as typeof crm.app.fetch;
    const composed = routeContext(crm, {
      verifyToken: createCognitoTokenVerifier({ issuerBase: ISSUER_BASE, fetch: identity }),
    });
    context = {
      ...composed,
      gatewayFetch: async (request) => {
        const { query, variables } = (await request.clone().json()) as {
          query: string;
          variables: Record<string, unknown>;
        };
        const selections = query.slice(query.indexOf('{'));
        const fields = [...selections.matchAll(/(\w+)\(/g)].map((match) => match[1] ?? '');
        const crmTypes = Object.values(variables).flatMap((value) => {
          const type = typeof value === 'string' ? /type=(\w+)/.exec(value)?.[1] : undefined;
          return type ? [type] : [];
        });
        requests.push({ fields, crmTypes });
        return composed.gatewayFetch(request);
      },
    };
    const storefront = await context.resolveDomain('localhost');
    if (!storefront) throw new Error('The demo has no storefront at localhost.');
    await ensurePortalUser(database, storefront, BUYER.username, {
      'custom:salesforceAccountId': crm.ids.halvorsen,
      'custom:salesforceContactId': BUYER.contactId,
    });
    const tokens = await signIn(identity, storefront.clientId, BUYER.username);
    const prefix = `CognitoIdentityServiceProvider.${storefront.clientId}`;
    const user = encodeURIComponent(BUYER.username);
    cookie = [
      `${prefix}.LastAuthUser=${user}`,
      `${prefix}.${user}.accessToken=${tokens.AccessToken}`,
      `${prefix}.${user}.idToken=${tokens.IdToken}`,
    ].join('; ');
    const catalogue = await crm.post('retrieveCatalogNG', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.guest,
      pageSize: 1,
    });
    const [item] = catalogue.body.items;
    if (!item) throw new Error('The demo catalogue is empty.');
    product = { ...item, path: productPath(item) };
  });
  afterAll(() => crm.close());

  const productParams = () => ({ productTemplateId: product.productTemplateId, productId: product.slug });

  it("serves a guest's product page in two requests: no theme call, one template list, one template read", async () => {
    const page = await visit(product.path, { params: productParams() });
    expect(page.head.title).toBeTruthy();
    expect(requests).toHaveLength(2);
    const fields = requests.flatMap((request) => request.fields);
    expect(fields).not.toContain('theme');
    expect(fields.filter((field) => field === 'templateDetails')).toHaveLength(1);
    expect(fields.filter((field) => field === 'getTemplateBlock')).toHaveLength(1);
    expect(requests.flatMap((request) => request.crmTypes).sort()).toEqual([
      'getEcatalogDetails',
      'getFormattedObjectDetails',
      'getMergedMetaInfo',
    ]);
    const detail = page.sections
      .flatMap((section) => section.blocks)
      .find((b) => b.componentName === 'productDetail');
    expect(detail?.state.status).toBe('ready');
  });

  it("serves a signed-in buyer's product page in three requests, the viewer checked with the template list", async () => {
    await visit(product.path, { cookie, params: productParams() });
    expect(requests).toHaveLength(3);
    expect(requests[0]?.fields.sort()).toEqual(['getLoginInfo', 'templateDetails']);
    const fields = requests.flatMap((request) => request.fields);
    expect(fields.filter((field) => field === 'getLoginInfo')).toHaveLength(1);
    expect(fields).not.toContain('theme');
  });

  it('still renders the page and its main block when a deferred read fails, the header showing nothing for it', async () => {
    unavailable = ['getActiveQuote', 'getNotificationsCount'];
    try {
      const page = await visit(product.path, { cookie, params: productParams() });
      const blocks = page.sections.flatMap((section) => section.blocks);
      expect(blocks.find((b) => b.componentName === 'productDetail')?.state.status).toBe('ready');
      const header = blocks.find((b) => b.componentName === 'header');
      expect(header?.state.status).toBe('ready');
      expect(await header?.state.data?.cart).toBeNull();
      expect(await header?.state.data?.notifications).toBeNull();
    } finally {
      unavailable = [];
    }
  });

  it('fails only the call that failed, not the others of its request', async () => {
    unavailable = ['getEcatalogDetails'];
    try {
      const page = await visit(product.path, { params: productParams() });
      // The catalogue and the product went in one request: the product still shows, the navigation says so.
      expect(requests).toHaveLength(2);
      const blocks = page.sections.flatMap((section) => section.blocks);
      expect(blocks.find((b) => b.componentName === 'productDetail')?.state.status).toBe('ready');
      expect(blocks.find((b) => b.componentName === 'navigation')?.state.status).toBe('error');
    } finally {
      unavailable = [];
    }
  });

  it('sends a buyer whose token the gateway refuses to sign in again, the session said to have expired', async () => {
    // The token reads as before, but its signature is not the pool's.
    // The signature's first character carries whole bits, unlike its last, so changing it always changes the signature.
    const refused = cookie.replace(
      /(accessToken=[^.;]+\.[^.;]+\.)(.)/,
      (_, head: string, first: string) => `${head}${first === 'A' ? 'B' : 'A'}`,
    );
    expect(refused).not.toBe(cookie);
    const answer = await visit(product.path, { cookie: refused, params: productParams() }).catch(
      (thrown: unknown) => thrown,
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('location')).toMatch(/^\/login\?redirect=.*&expired=1$/);
  });

  it('answers a cart change with the repriced cart, in the one request of the change', async () => {
    requests = [];
    // A guest's first add: it starts their cart.
    const request = new Request('http://localhost/api/cart', {
      method: 'POST',
      body: new URLSearchParams({ intent: 'add', catalogItemId: product.id, qty: '2' }),
    });
    const answer = (await cartApi.action({
      request,
      url: new URL(request.url),
      params: {},
      context: storefrontLoadContext(context),
    })) as {
      data: {
        ok: boolean;
        cart: { quote: { total: number; subtotal: number }; lines: { catalogItemId: string; qty: number }[] };
      };
    };
    expect(answer.data).toMatchObject({ ok: true });
    const line = answer.data.cart.lines.find((entry) => entry.catalogItemId === product.id);
    expect(line?.qty).toBeGreaterThanOrEqual(2);
    expect(answer.data.cart.quote.total).toBeGreaterThan(0);
    // The change alone: the cart is not read again, nor anything of the catalogue.
    expect(requests.flatMap((entry) => entry.crmTypes)).toEqual(['saveItemToQuoteBlink']);
  });
});
