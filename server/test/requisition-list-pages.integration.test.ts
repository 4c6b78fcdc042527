import type { RequisitionList } from '@storefront/contracts';
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

/** The list page's route module, loaded as React Router loads it (by URL: the web app's types stay out). */
type Handler = (args: unknown) => Promise<unknown>;
const listPage = (await import(
  new URL('../../apps/storefront/app/routes/billing/list.tsx', import.meta.url).href
)) as { loader: Handler; action: Handler };

const USERS = {
  owner: { username: 'rl-owner@halvorsen.example', contactId: '003RLPAGEOWNERAAA', account: 'halvorsen' },
  colleague: {
    username: 'rl-colleague@halvorsen.example',
    contactId: '003RLPAGECOLLAAA',
    account: 'halvorsen',
  },
  other: { username: 'rl-other@marlowe.example', contactId: '003RLPAGEOTHERAAA', account: 'marlowe' },
} as const;
type User = keyof typeof USERS;

/** A route's status as React Router sends it: a Response, data() with its init, or plain data (200). */
function statusOf(answer: unknown): number {
  if (answer instanceof Response) return answer.status;
  if (answer && typeof answer === 'object' && 'init' in answer && 'data' in answer) {
    return (answer as { init: ResponseInit | null }).init?.status ?? 200;
  }
  return 200;
}
const dataOf = (answer: unknown) =>
  (answer && typeof answer === 'object' && 'data' in answer ? answer.data : answer) as Record<
    string,
    unknown
  >;

/**
 * /billing/lists/{id} as the composed server runs it (route module, in-process gateway verifying real user-pool
 * tokens from the browser's cookies, seeded CRM): the owner's list opens for them; a colleague is refused a
 * private one and may not change a read-only one; another account's user is refused it (403).
 */
describe.each(await testEngines())('a requisition list at its page URL on $name', (engine) => {
  let crm: SeededCrm;
  let context: StorefrontLoadContext;
  const cookies = {} as Record<User, string>;
  let listId = '';

  async function visit(user: User, form?: Record<string, string>): Promise<unknown> {
    const request = new Request(`http://localhost/billing/lists/${listId}`, {
      headers: { cookie: cookies[user] },
      ...(form ? { method: 'POST', body: new URLSearchParams(form) } : {}),
    });
    const args = {
      request,
      url: new URL(request.url),
      params: { listId },
      context: storefrontLoadContext(context),
    };
    try {
      return await (form ? listPage.action(args) : listPage.loader(args));
    } catch (thrown) {
      return thrown;
    }
  }

  const owner = () => ({
    storefrontId: crm.ids.storefrontA,
    accountId: crm.ids.halvorsen,
    contactId: USERS.owner.contactId,
  });

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
    for (const user of Object.keys(USERS) as User[]) {
      const { username, contactId, account } = USERS[user];
      await ensurePortalUser(database, storefront, username, {
        'custom:salesforceAccountId': crm.ids[account],
        'custom:salesforceContactId': contactId,
      });
      const tokens = await signIn(identity, storefront.clientId, username);
      const prefix = `CognitoIdentityServiceProvider.${storefront.clientId}`;
      const name = encodeURIComponent(username);
      cookies[user] = [
        `${prefix}.LastAuthUser=${name}`,
        `${prefix}.${name}.accessToken=${tokens.AccessToken}`,
        `${prefix}.${name}.idToken=${tokens.IdToken}`,
      ].join('; ');
    }
    const page = await crm.post('retrieveCatalogNG', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
    });
    const sku = page.body.items[0]?.sku ?? '';
    const made = await crm.post('addToRequisitionList', {
      ...owner(),
      newListName: 'Freezer stock',
      entries: [{ sku, qty: 2 }],
    });
    listId = made.body.list.listId;
  });
  afterAll(() => crm.close());

  it('opens for its owner with its lines priced', async () => {
    const answer = await visit('owner');
    expect(statusOf(answer)).toBe(200);
    const { list } = dataOf(answer) as { list: RequisitionList };
    expect(list).toMatchObject({ name: 'Freezer stock', isOwner: true, lineCount: 1 });
    expect(list.lines[0]?.unitPrice).toBeGreaterThan(0);
  });

  it("refuses a colleague the owner's private list, and another account's user any of it (403)", async () => {
    for (const user of ['colleague', 'other'] as const) {
      const answer = await visit(user);
      expect(statusOf(answer), user).toBe(403);
      expect(JSON.stringify(dataOf(answer))).not.toContain('Freezer stock');
      expect(statusOf(await visit(user, { intent: 'cart-all' })), user).toBe(403);
    }
  });

  it('lets a colleague read a read-only shared list but says why they cannot change it', async () => {
    await crm.post('updateRequisitionList', { ...owner(), listId, sharing: 'read' });
    expect(statusOf(await visit('colleague'))).toBe(200);
    const lineId = (await crm.get('getRequisitionList', { ...owner(), listId })).body.lines[0]?.lineId ?? '';
    const change = await visit('colleague', { intent: 'quantities', [`qty-${lineId}`]: '5' });
    expect(statusOf(change)).toBe(403);
    expect(dataOf(change).problem).toContain('shared read-only');
    expect(statusOf(await visit('other'))).toBe(403);
  });
});
