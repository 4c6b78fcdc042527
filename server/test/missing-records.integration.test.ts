import { productPath } from '@storefront/contracts/template-resolution';
import { templates } from '@storefront/crm/db/schema';
import { openSeededCrm, type SeededCrm, testEngines } from '@storefront/crm/testing';
import { createCognitoTokenVerifier } from '@storefront/gateway';
import { migrateIdentity } from '@storefront/identity';
import { and, eq } from 'drizzle-orm';
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

/** The template page's route module, loaded as React Router loads it (by URL: the app is type checked apart). */
const { loader } = (await import(
  new URL('../../apps/storefront/app/routes/template-page.tsx', import.meta.url).href
)) as { loader: (args: unknown) => Promise<unknown> };

const BUYER = { username: 'buyer@halvorsen.example', contactId: '003ANA000000000AAA' };

/** What React Router's data() carries when a loader throws it: the payload and its status. */
interface Thrown {
  type: string;
  data: unknown;
  init: { status?: number } | null;
}

/**
 * Spec P§2's existence check on the pages that name a record: a product, a product or quote by ?recordId, an
 * offer by ?id. An unknown one is the 404 'Page Not Found: {path}' at the same URL, never a 200 page saying
 * the product was not found.
 */
describe.each(await testEngines())('pages naming a record that does not exist, on $name', (engine) => {
  let crm: SeededCrm;
  let context: StorefrontLoadContext;
  let cookie = '';
  const templateIds = new Map<string, string>();
  let product = { path: '', productTemplateId: '', slug: '', id: '' };

  /** The template page's loader at the path (and the route's params), as a guest or with the cookie. */
  async function visit(path: string, params: Record<string, string> = {}, withCookie = '') {
    const request = new Request(`http://localhost${path}`, {
      headers: withCookie ? { cookie: withCookie } : {},
    });
    return loader({
      request,
      url: new URL(request.url),
      params,
      context: storefrontLoadContext(context),
    }).then(
      (page) => ({ page, thrown: null }),
      (thrown: Thrown) => ({ page: null, thrown }),
    );
  }

  async function expectNotFound(path: string, params: Record<string, string> = {}, withCookie = '') {
    const { thrown } = await visit(path, params, withCookie);
    const pathname = new URL(path, 'http://localhost').pathname;
    expect(thrown?.init?.status, path).toBe(404);
    expect(thrown?.data, path).toEqual({ message: `Page Not Found: ${pathname}` });
  }

  const templateId = (name: string) => {
    const id = templateIds.get(name);
    if (!id) throw new Error(`The demo has no template ${name}.`);
    return id;
  };

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const database = crm.database.database;
    await migrateIdentity(database);
    const identity = identityService(database, () => new Date());
    context = routeContext(crm, {
      verifyToken: createCognitoTokenVerifier({ issuerBase: ISSUER_BASE, fetch: identity }),
    });
    const rows = await crm.database.db
      .select({ id: templates.id, name: templates.name })
      .from(templates)
      .where(and(eq(templates.storefrontId, crm.ids.storefrontA)));
    for (const row of rows) templateIds.set(row.name, row.id);
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

  it('answers a product page of an unknown product 404, and a known one 200', async () => {
    const known = await visit(product.path, {
      productTemplateId: product.productTemplateId,
      productId: product.slug,
    });
    expect(known.thrown).toBeNull();
    const unknown = `/product/${product.productTemplateId}/no-such-product`;
    await expectNotFound(unknown, {
      productTemplateId: product.productTemplateId,
      productId: 'no-such-product',
    });
    // Signed in, the same: the account's catalogue has no such product either.
    await expectNotFound(
      unknown,
      { productTemplateId: product.productTemplateId, productId: 'no-such-product' },
      cookie,
    );
  });

  it('answers /detail and /productDetails 404 for an unknown ?recordId, or none, and 200 for a product', async () => {
    const detail = templateId('detail');
    expect((await visit(`/detail/${detail}?recordId=${product.id}`, { id: detail })).thrown).toBeNull();
    await expectNotFound(`/detail/${detail}?recordId=bad`, { id: detail });
    await expectNotFound(`/detail/${detail}`, { id: detail });
    expect((await visit(`/productDetails?recordId=${product.id}`)).thrown).toBeNull();
    await expectNotFound('/productDetails?recordId=bad');
  });

  it("answers an account's record page 404 for a quote number that does not exist", async () => {
    const quote = templateId('quote');
    await expectNotFound(`/detail/${quote}?recordId=bad`, { id: quote }, cookie);
    await expectNotFound(`/detail/${quote}?recordId=a0Q000000000000ZZZ`, { id: quote }, cookie);
  });

  it('answers an offer page 404 for an unknown ?id', async () => {
    const offer = templateId('offers-detail');
    await expectNotFound(`/offers/detail/${offer}?id=bad`, { id: offer });
    await expectNotFound(`/offers/detail/${offer}`, { id: offer });
  });
});
