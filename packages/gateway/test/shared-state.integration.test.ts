import { crmEndpoint, type DomainDetails, type Envelope, type UserListAnswer } from '@storefront/contracts';
import { openSeededCrm, TEST_SERVICE_TOKEN, testEngines } from '@storefront/crm/testing';
import type { Database } from '@storefront/database';
import { ensureUser, migrateIdentity } from '@storefront/identity';
import { ADMIN } from '@storefront/identity/testing';
import { type TwoInstances, testStateStores } from '@storefront/shared-state/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCognitoTokenVerifier, createGateway, createUserPoolAdmin, type Gateway } from '../src/index';
import {
  askGateway,
  cognito,
  ensureStorefrontPool,
  type IdentityFetch,
  ISSUER_BASE,
  identityService,
  PASSWORD,
  signIn,
} from './user-pools';

/**
 * Two gateway instances and the user pools on one shared state (one process's memory, or one Redis reached by
 * two clients, as two servers reach it): what one instance changes or revokes, the other honours at once.
 */

const CALL = 'query Call($data: AWSJSON) { salesforceActions(action: "makeCall", data: $data) }';
const LIST_USERS = 'query List($data: AWSJSON) { listUsers(data: $data) }';
const COGNITO_ACTIONS =
  'query Act($action: String!, $data: AWSJSON, $username: String) { cognitoActions(action: $action, data: $data, username: $username) }';

// What is shared is the gateway's; one database engine is enough to answer behind it.
const [engine] = await testEngines();

describe.each(await testStateStores())('two gateway instances sharing state in $name', (store) => {
  let database: Database;
  let closeCrm: () => Promise<void>;
  let state: TwoInstances;
  let identity: IdentityFetch;
  let first: Gateway;
  let second: Gateway;
  let storefront: DomainDetails;
  let halvorsen: string;
  let core: string;
  let admin: ReturnType<typeof createUserPoolAdmin>;
  /** GetUser calls the user pools answered: what a kept verification saves. */
  let getUserCalls = 0;

  const catalogue = (gateway: Gateway, token: string) =>
    askGateway(gateway, 'salesforceActions', CALL, {
      token,
      variables: {
        data: JSON.stringify({
          callType: 'POST',
          endpoint: '/services/apexrest/ecommerce?type=getEcatalogDetails',
          payload: JSON.stringify({ storefrontId: storefront.storefrontId, accountId: halvorsen }),
        }),
      },
    });
  const refused = { statusCode: 401, content: { errorType: 'UnauthorizedException' } };

  const portalUser = (
    username: string,
    groups = ['AWSPortalUser'],
    attributes: Record<string, string> = {},
  ) =>
    ensureUser(database, {
      poolId: storefront.awsUserPoolId,
      username,
      password: PASSWORD,
      email: username,
      givenName: username.split('@')[0] ?? 'Test',
      familyName: 'Tester',
      groups,
      attributes: { 'custom:salesforceAccountId': halvorsen, ...attributes },
      status: 'CONFIRMED',
    });
  const tokenOf = async (username: string) =>
    (await signIn(identity, storefront.clientId, username)).AccessToken;

  beforeAll(async () => {
    if (!engine) throw new Error('no database engine');
    const crm = await openSeededCrm(engine);
    database = crm.database.database;
    closeCrm = crm.close;
    await migrateIdentity(database);
    state = await store.open();
    const pools = identityService(database, () => new Date(), ISSUER_BASE, state.first);
    identity = async (request) => {
      if (request.headers.get('x-amz-target')?.endsWith('.GetUser')) getUserCalls += 1;
      return pools(request);
    };
    const userPools = { endpoint: ISSUER_BASE, ...ADMIN, fetch: identity };
    admin = createUserPoolAdmin(userPools);
    const instance = (sharedState: TwoInstances['first']) =>
      createGateway({
        apiKey: 'test-api-key',
        crm: {
          baseUrl: 'http://crm.test',
          token: TEST_SERVICE_TOKEN,
          fetch: (request) => crm.app.fetch(request),
        },
        verifyToken: createCognitoTokenVerifier({ issuerBase: ISSUER_BASE, fetch: identity }),
        userPools,
        cacheTtlMs: 30_000,
        sharedState,
      });
    first = instance(state.first);
    second = instance(state.second);
    storefront = (await first.resolveDomain('localhost')) as DomainDetails;
    const account = (name: string) =>
      crm.seed.accounts.find((candidate) => candidate.name === name)?.id ?? '';
    halvorsen = account('Halvorsen Research Institute');
    core = account('Halvorsen Sequencing Core Facility');
    await ensureStorefrontPool(database, storefront);
    await portalUser('manager@halvorsen.example', ['AWSManager']);
  });

  afterAll(async () => {
    await state.close();
    await closeCrm();
  });

  it('verifies a token with the pool once for a page’s calls on either instance', async () => {
    await portalUser('once@halvorsen.example');
    const token = await tokenOf('once@halvorsen.example');
    const before = getUserCalls;
    for (const gateway of [first, second, first, second]) {
      expect((await catalogue(gateway, token)).statusCode).toBe(200);
    }
    expect(getUserCalls - before).toBe(1);
  });

  it('never answers for a token past its expiry, though its user would still be kept', async () => {
    await portalUser('expiring@halvorsen.example');
    // Issued 59 min 58 s ago by the pool's clock: an hour's token with 2 s left.
    const issuedEarlier = identityService(
      database,
      () => new Date(Date.now() - 3_598_000),
      ISSUER_BASE,
      state.first,
    );
    const { AccessToken } = await signIn(issuedEarlier, storefront.clientId, 'expiring@halvorsen.example');
    expect((await catalogue(first, AccessToken)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await catalogue(second, AccessToken)).toMatchObject(refused);
  });

  it('refuses the very next call on the other instance after a global sign-out', async () => {
    await portalUser('signout@halvorsen.example');
    const token = await tokenOf('signout@halvorsen.example');
    expect((await catalogue(first, token)).statusCode).toBe(200);
    expect((await catalogue(second, token)).statusCode).toBe(200);
    await cognito(identity, 'GlobalSignOut', { AccessToken: token });
    expect(await catalogue(second, token)).toMatchObject(refused);
    expect(await catalogue(first, token)).toMatchObject(refused);
  });

  it('refuses the very next call of a user the pool disabled, and of one it deleted', async () => {
    for (const [username, operation] of [
      ['disabled@halvorsen.example', 'AdminDisableUser'],
      ['deleted@halvorsen.example', 'AdminDeleteUser'],
    ] as const) {
      await portalUser(username);
      const token = await tokenOf(username);
      expect((await catalogue(first, token)).statusCode).toBe(200);
      await admin(operation, { UserPoolId: storefront.awsUserPoolId, Username: username });
      expect(await catalogue(second, token), username).toMatchObject(refused);
    }
  });

  it('refuses the very next call after the session’s refresh token is revoked', async () => {
    await portalUser('revoked@halvorsen.example');
    const tokens = await cognito<{ AuthenticationResult: { AccessToken: string; RefreshToken: string } }>(
      identity,
      'InitiateAuth',
      {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: storefront.clientId,
        AuthParameters: { USERNAME: 'revoked@halvorsen.example', PASSWORD },
      },
    );
    const { AccessToken, RefreshToken } = tokens.AuthenticationResult;
    expect((await catalogue(first, AccessToken)).statusCode).toBe(200);
    await cognito(identity, 'RevokeToken', { Token: RefreshToken, ClientId: storefront.clientId });
    expect(await catalogue(second, AccessToken)).toMatchObject(refused);
  });

  it('shows a user deactivated through one instance as inactive on the other at once', async () => {
    await portalUser('patched@halvorsen.example');
    const manager = await tokenOf('manager@halvorsen.example');
    const statusOn = async (gateway: Gateway) => {
      const answer = await askGateway<UserListAnswer>(gateway, 'listUsers', LIST_USERS, {
        token: manager,
        variables: { data: JSON.stringify({ limit: 60 }) },
      });
      return answer.content.allUsers.find((row) => row.id === 'patched@halvorsen.example')?.status;
    };
    expect(await statusOn(second)).toBe('Active');
    const off = await askGateway(first, 'cognitoActions', COGNITO_ACTIONS, {
      token: manager,
      variables: { action: 'deactivate', username: 'patched@halvorsen.example', data: '{}' },
    });
    expect(off.statusCode).toBe(200);
    expect(await statusOn(second)).toBe('Inactive');
  });

  it('acts for the account a buyer chose through one instance on the other at once, and back', async () => {
    await portalUser('chooser@halvorsen.example', ['AWSPortalUser'], {
      'custom:salesforceContactId': '003-chooser',
    });
    const token = await tokenOf('chooser@halvorsen.example');
    const actingFor = async (gateway: Gateway) =>
      (await askGateway<{ accountId: string }>(gateway, 'getLoginInfo', '{ getLoginInfo }', { token }))
        .content.accountId;
    const choose = (gateway: Gateway, selectedAccountId: string | null) =>
      askGateway(gateway, 'salesforceActions', CALL, {
        token,
        variables: {
          data: JSON.stringify({
            callType: 'POST',
            endpoint: '/services/apexrest/ecommerce?type=saveAccountSelection',
            payload: JSON.stringify({ selectedAccountId }),
          }),
        },
      });
    // Both instances have read (and keep) the choice before it changes.
    expect([await actingFor(first), await actingFor(second)]).toEqual([halvorsen, halvorsen]);
    expect((await choose(first, core)).statusCode).toBe(200);
    expect([await actingFor(second), await actingFor(first)]).toEqual([core, core]);
    expect((await choose(second, null)).statusCode).toBe(200);
    expect([await actingFor(first), await actingFor(second)]).toEqual([halvorsen, halvorsen]);
  });

  it('counts promo-code look-ups of one address on both instances against one limit', async () => {
    const lookUp = async (gateway: Gateway, code: string): Promise<Envelope> => {
      const response = await gateway.fetch(
        new Request('http://gateway.internal/graphql', {
          method: 'POST',
          headers: { host: 'localhost', 'content-type': 'application/json', 'x-api-key': 'test-api-key' },
          body: JSON.stringify({
            query: CALL,
            variables: {
              data: JSON.stringify({
                callType: 'GET',
                endpoint: crmEndpoint('getPromoCodeInfo', { promoCode: code }),
              }),
            },
          }),
        }),
        { clientAddress: '203.0.113.99' },
      );
      const body = (await response.json()) as { data: { salesforceActions: string } };
      return JSON.parse(body.data.salesforceActions) as Envelope;
    };
    for (let guess = 0; guess < 20; guess++) {
      expect((await lookUp(guess % 2 ? first : second, `GUESS${guess}`)).statusCode).toBe(404);
    }
    expect((await lookUp(first, 'FLOW10')).statusCode).toBe(429);
    expect((await lookUp(second, 'FLOW10')).statusCode).toBe(429);
  });
});
