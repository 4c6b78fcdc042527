import { MESSAGES } from '@storefront/contracts';
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

type Handler = (args: unknown) => Promise<unknown>;
/** The route module as React Router loads it; imported by URL so this package's type check stays its own. */
const account = (await import(
  new URL('../../apps/storefront/app/routes/billing/account.tsx', import.meta.url).href
)) as { action: Handler };

/**
 * The ship-to (in-behalf) account of /billing/account, saved as a buyer saves it: the route's action through
 * the in-process gateway, with the user-pool token of the browser's cookies. A save that fails says C§8's
 * 'Shipping Address not saved'.
 */
describe.each(await testEngines())('the ship-to account on $name', (engine) => {
  const username = 'shipping@halvorsen.example';
  let crm: SeededCrm;
  let context: StorefrontLoadContext;
  let cookie: string;
  const site = (name: string) => crm.seed.accounts.find((candidate) => candidate.name === name)?.id ?? '';

  async function saveShipTo(shipToAccountId: string) {
    const request = new Request('http://localhost/billing/account', {
      method: 'POST',
      headers: { cookie },
      body: new URLSearchParams({ intent: 'ship-to', shipToAccountId }),
    });
    const answer = await account.action({
      request,
      url: new URL(request.url),
      params: {},
      context: storefrontLoadContext(context),
    });
    return answer as { data?: unknown; init?: ResponseInit | null } & Record<string, unknown>;
  }

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
    await ensurePortalUser(database, storefront, username, {
      'custom:salesforceAccountId': crm.ids.halvorsen,
      'custom:salesforceContactId': '003SHP000000000AAA',
    });
    const tokens = await signIn(identity, storefront.clientId, username);
    const prefix = `CognitoIdentityServiceProvider.${storefront.clientId}`;
    const user = encodeURIComponent(username);
    cookie = [`${prefix}.LastAuthUser=${user}`, `${prefix}.${user}.accessToken=${tokens.AccessToken}`].join(
      '; ',
    );
  });
  afterAll(() => crm.close());

  it('saves a site that takes orders in the master’s behalf', async () => {
    const answer = await saveShipTo(site('Halvorsen Sequencing Core Facility'));
    expect(answer).toEqual({ ok: true, intent: 'ship-to' });
  });

  it("says 'Shipping Address not saved' when the site cannot be the ship-to account", async () => {
    // A related site that takes no orders in the master's behalf: the CRM refuses to store it.
    const answer = await saveShipTo(site('Halvorsen Institute Cambridge Campus'));
    expect(answer.data).toEqual({ ok: false, message: MESSAGES.shippingAddressNotSaved, status: 400 });
    expect(answer.init?.status).toBe(400);
    // Another customer's account is out of reach: refused by the gateway, said the same way.
    const foreign = await saveShipTo(crm.ids.marlowe);
    expect(foreign.data).toMatchObject({ message: 'Shipping Address not saved', status: 403 });
  });
});
