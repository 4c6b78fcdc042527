import {
  type CrmType,
  type DomainDetails,
  type Envelope,
  REORDER_CRM_TYPES,
  type ReorderResult,
} from '@storefront/contracts';
import { openSeededCrm, type SeededCrm, TEST_SERVICE_TOKEN, testEngines } from '@storefront/crm/testing';
import { ensureUser, migrateIdentity } from '@storefront/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlacedTestOrder, placeTestOrder, prepareOrdering } from '../../crm/test/fixtures/orders';
import { createCognitoTokenVerifier, createGateway, type Gateway } from '../src/index';
import {
  askGateway,
  ensureStorefrontPool,
  ISSUER_BASE,
  identityService,
  PASSWORD,
  signIn,
} from './user-pools';

const CALL = 'query Call($data: AWSJSON) { salesforceActions(action: "makeCall", data: $data) }';

type ReorderType = keyof typeof REORDER_CRM_TYPES;
const REORDER_TYPES = Object.keys(REORDER_CRM_TYPES) as ReorderType[];

/** Who calls: a portal user and a manager of Halvorsen, and a portal user of Marlowe (and a guest). */
const USERS = {
  buyer: {
    username: 'reorder-buyer@halvorsen.example',
    group: 'AWSPortalUser',
    contactId: '003REBUYER000AAA',
  },
  manager: {
    username: 'reorder-manager@halvorsen.example',
    group: 'AWSManager',
    contactId: '003REMANAGER0AAA',
  },
  other: { username: 'reorder-buyer@marlowe.example', group: 'AWSPortalUser', contactId: '003REOTHER000AAA' },
} as const;
type User = keyof typeof USERS;

/**
 * Both reorder types through the gateway for each role (docs/decisions/0061-reorder.md): a guest is refused by
 * the allow-list; the account and contact are the principal's whatever the browser names, so a portal user and
 * a manager of the account reorder its order into their own carts, and a user of another account is refused
 * it (403), acting for their own account or naming Halvorsen's.
 */
describe.each(await testEngines())('reorder through the gateway on $name', (engine) => {
  let crm: SeededCrm;
  let gateway: Gateway;
  let storefront: DomainDetails;
  let order: PlacedTestOrder;
  const tokens = {} as Record<User, string>;

  async function call<T = unknown>(
    user: User | 'guest',
    type: CrmType,
    payload: object,
  ): Promise<Envelope<T>> {
    const { method, group } = REORDER_CRM_TYPES[type as ReorderType];
    const query = method === 'GET' ? `&${new URLSearchParams(payload as Record<string, string>)}` : '';
    return askGateway<T>(gateway, 'salesforceActions', CALL, {
      ...(user === 'guest' ? {} : { token: tokens[user] }),
      variables: {
        data: JSON.stringify({
          callType: method,
          endpoint: `/services/apexrest/${group}?type=${type}${query}`,
          ...(method === 'POST' ? { payload: JSON.stringify(payload) } : {}),
        }),
      },
    });
  }

  /** A payload of each type as the reorder page sends it (account and contact are bound anyway). */
  const payloadOf = (type: ReorderType): object =>
    type === 'getReorder'
      ? { orderNumber: order.orderNumber }
      : { orderNumber: order.orderNumber, lines: [{ sku: order.skus[0], qty: 1 }] };

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const ana = await prepareOrdering(crm, {
      accountId: crm.ids.halvorsen,
      firstName: 'Ana',
      lastName: 'Reorder',
      email: 'ana.reorder@h.example',
    });
    order = await placeTestOrder(crm, {
      accountId: crm.ids.halvorsen,
      contactId: ana,
      quantities: [2],
      poNumber: 'REORDER-ACCESS',
    });
    const database = crm.database.database;
    await migrateIdentity(database);
    const identity = identityService(database, () => new Date(), ISSUER_BASE);
    gateway = createGateway({
      apiKey: 'test-api-key',
      cacheTtlMs: 30_000,
      crm: {
        baseUrl: 'http://crm.test',
        token: TEST_SERVICE_TOKEN,
        fetch: (request) => crm.app.fetch(request),
      },
      verifyToken: createCognitoTokenVerifier({ issuerBase: ISSUER_BASE, fetch: identity }),
    });
    storefront = (await gateway.resolveDomain('localhost')) as DomainDetails;
    await ensureStorefrontPool(database, storefront);
    for (const [user, { username, group, contactId }] of Object.entries(USERS) as [
      User,
      (typeof USERS)[User],
    ][]) {
      await ensureUser(database, {
        poolId: storefront.awsUserPoolId,
        username,
        password: PASSWORD,
        email: username,
        givenName: user,
        familyName: 'Tester',
        groups: [group],
        attributes: {
          'custom:salesforceAccountId': user === 'other' ? crm.ids.marlowe : crm.ids.halvorsen,
          'custom:salesforceContactId': contactId,
        },
        status: 'CONFIRMED',
      });
      tokens[user] = (await signIn(identity, storefront.clientId, username)).AccessToken;
    }
  });
  afterAll(() => crm?.close());

  it.each(REORDER_TYPES)('%s: a guest is refused', async (type) => {
    const answer = await call('guest', type, payloadOf(type));
    expect(answer.statusCode).toBe(403);
    expect(JSON.stringify(answer.content)).toContain('not allowed for AWSGuest');
  });

  it.each(REORDER_TYPES)(
    '%s: a portal user and a manager of the account may reorder its order',
    async (type) => {
      for (const user of ['buyer', 'manager'] as const) {
        const answer = await call(user, type, payloadOf(type));
        expect(answer.statusCode, `${user}: ${JSON.stringify(answer.content)}`).toBe(200);
      }
    },
  );

  it.each(REORDER_TYPES)(
    "%s: a user of another account is refused Halvorsen's order, and Halvorsen's account",
    async (type) => {
      const own = await call('other', type, payloadOf(type));
      expect(own.statusCode).toBe(403);
      const named = await call('other', type, { ...payloadOf(type), accountId: crm.ids.halvorsen });
      expect(named.statusCode).toBe(403);
    },
  );

  it("puts the lines in the caller's own cart, whatever contact the browser names", async () => {
    const answer = await call<ReorderResult>('buyer', 'reorderLines', {
      ...payloadOf('reorderLines'),
      contactId: USERS.manager.contactId,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.content.quote.contactId).toBe(USERS.buyer.contactId);
  });
});
