import {
  CRM_TYPES,
  type CrmType,
  crmEndpoint,
  type DomainDetails,
  type Envelope,
} from '@storefront/contracts';
import { openSeededCrm, type SeededCrm, TEST_SERVICE_TOKEN, type TestEngine } from '@storefront/crm/testing';
import { ensureUser, migrateIdentity } from '@storefront/identity';
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

/** A signed-in caller of a role test: their pool group, and the demo account and CRM contact they act for. */
export interface RoleUser {
  username: string;
  group: string;
  contactId: string;
  account: 'halvorsen' | 'marlowe';
}

export interface RoleGateway<U extends string> {
  crm: SeededCrm;
  gateway: Gateway;
  storefront: DomainDetails;
  tokens: Record<U, string>;
  /** The CRM account the user acts for. */
  accountOf(user: U): string;
  /** One makeCall as `user` (or a guest), naming the type's own method and group as the storefront does. */
  callAs<T = unknown>(user: U | 'guest', type: CrmType, payload: object): Promise<Envelope<T>>;
}

/**
 * A seeded CRM on `engine` behind a gateway on localhost, whose storefront pool holds each of `users`, confirmed
 * and signed in: what every test of who may call which CRM types through the gateway starts from.
 */
export async function openRoleGateway<U extends string>(
  engine: TestEngine,
  users: Record<U, RoleUser>,
): Promise<RoleGateway<U>> {
  const crm = await openSeededCrm(engine);
  const database = crm.database.database;
  await migrateIdentity(database);
  const identity = identityService(database, () => new Date(), ISSUER_BASE);
  const gateway = createGateway({
    apiKey: 'test-api-key',
    cacheTtlMs: 30_000,
    crm: {
      baseUrl: 'http://crm.test',
      token: TEST_SERVICE_TOKEN,
      fetch: (request) => crm.app.fetch(request),
    },
    verifyToken: createCognitoTokenVerifier({ issuerBase: ISSUER_BASE, fetch: identity }),
  });
  const storefront = (await gateway.resolveDomain('localhost')) as DomainDetails;
  await ensureStorefrontPool(database, storefront);
  const accountOf = (user: U) => crm.ids[users[user].account];
  const tokens = {} as Record<U, string>;
  for (const user of Object.keys(users) as U[]) {
    const { username, group, contactId } = users[user];
    await ensureUser(database, {
      poolId: storefront.awsUserPoolId,
      username,
      password: PASSWORD,
      email: username,
      givenName: user,
      familyName: 'Tester',
      groups: [group],
      attributes: {
        'custom:salesforceAccountId': accountOf(user),
        'custom:salesforceContactId': contactId,
      },
      status: 'CONFIRMED',
    });
    tokens[user] = (await signIn(identity, storefront.clientId, username)).AccessToken;
  }
  function callAs<T = unknown>(user: U | 'guest', type: CrmType, payload: object): Promise<Envelope<T>> {
    const { method } = CRM_TYPES[type];
    return askGateway<T>(gateway, 'salesforceActions', CALL, {
      ...(user === 'guest' ? {} : { token: tokens[user] }),
      variables: {
        data: JSON.stringify(
          method === 'GET'
            ? { callType: method, endpoint: crmEndpoint(type, payload as Record<string, string>) }
            : { callType: method, endpoint: crmEndpoint(type), payload: JSON.stringify(payload) },
        ),
      },
    });
  }
  return { crm, gateway, storefront, tokens, accountOf, callAs };
}
