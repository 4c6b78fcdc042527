import type { DomainDetails, Envelope } from '@storefront/contracts';
import { openSeededCrm, TEST_SERVICE_TOKEN, testEngines } from '@storefront/crm/testing';
import type { Database } from '@storefront/database';
import { migrateIdentity } from '@storefront/identity';
import { generations } from '@storefront/shared-state';
import { type TwoInstances, testStateStores } from '@storefront/shared-state/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheKey } from '../src/cache';
import { createCognitoTokenVerifier, createGateway, type Gateway } from '../src/index';
import {
  API_KEY,
  cognito,
  ensurePortalUser,
  type IdentityFetch,
  ISSUER_BASE,
  identityService,
  signIn,
} from './user-pools';

/**
 * A read asked again, byte for byte, by the same caller is answered as GraphQL answered it, without running
 * GraphQL again, while the results it was made of stay in the cache. What a caller sees must not change: the
 * same bytes and headers, nobody else's answer, a replaced or expired result read again, a revoked token
 * refused. Two instances share the state (memory, or Redis when it answers), as two servers do.
 */

const CALL = 'query Call($data: AWSJSON) { salesforceActions(action: "makeCall", data: $data) }';
const [engine] = await testEngines();

interface Caller {
  token?: string;
  guestCart?: string;
}

/** A catalogue read that names no account: the gateway scopes it to the caller's. */
const catalogueRead = (storefrontId: string, pageSize = 5) =>
  JSON.stringify({
    query: CALL,
    variables: {
      data: JSON.stringify({
        callType: 'POST',
        endpoint: '/services/apexrest/ecommerce?type=retrieveCatalogNG',
        payload: JSON.stringify({ storefrontId, pageSize }),
      }),
    },
  });

function callerHeaders({ token, guestCart }: Caller): Record<string, string> {
  const headers: Record<string, string> = {
    host: 'localhost',
    'content-type': 'application/json',
    'x-api-key': API_KEY,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  if (guestCart) headers['x-guest-cart'] = guestCart;
  return headers;
}

/** A POST as an HTTP server hands it on: its length declared. */
function overHttp(body: string, caller: Caller = {}): Request {
  const bytes = new TextEncoder().encode(body);
  return new Request('http://localhost/graphql', {
    method: 'POST',
    headers: { ...callerHeaders(caller), 'content-length': String(bytes.byteLength) },
    body: bytes,
  });
}

/** The same POST from a caller in the process, which declares no length: GraphQL answers it every time. */
function inProcess(body: string, caller: Caller = {}): Request {
  return new Request('http://localhost/graphql', { method: 'POST', headers: callerHeaders(caller), body });
}

interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

/** Header names compared as HTTP compares them: in any case and order. */
async function answerOf(response: Response): Promise<Answer> {
  const headers = [...new Headers(response.headers)].sort(([a], [b]) => a.localeCompare(b));
  return { status: response.status, headers, body: await response.text() };
}

const envelopeOf = (answer: Answer): Envelope =>
  JSON.parse((JSON.parse(answer.body) as { data: { salesforceActions: string } }).data.salesforceActions);

describe.each(await testStateStores())('answers remembered by two gateway instances on $name', (store) => {
  let database: Database;
  let closeCrm: () => Promise<void>;
  let state: TwoInstances;
  let identity: IdentityFetch;
  let first: Gateway;
  let second: Gateway;
  let storefront: DomainDetails;
  let accounts: { halvorsen: string; marlowe: string };
  let crmCalls: string[];

  const instance = (sharedState: TwoInstances['first'], cacheTtlMs = 30_000) =>
    createGateway({
      apiKey: API_KEY,
      crm: {
        baseUrl: 'http://crm.test',
        token: TEST_SERVICE_TOKEN,
        fetch: (request) => {
          crmCalls.push(new URL(request.url).searchParams.get('type') ?? '');
          return crmApp(request);
        },
      },
      verifyToken: createCognitoTokenVerifier({ issuerBase: ISSUER_BASE, fetch: (r) => identity(r) }),
      cacheTtlMs,
      sharedState,
    });
  let crmApp: (request: Request) => Response | Promise<Response>;

  const buyerOf = async (username: string, accountId: string) => {
    await ensurePortalUser(database, storefront, username, { 'custom:salesforceAccountId': accountId });
    return (await signIn(identity, storefront.clientId, username)).AccessToken;
  };
  const ask = async (gateway: Gateway, request: Request) => answerOf(await gateway.fetch(request));

  beforeAll(async () => {
    if (!engine) throw new Error('no database engine');
    const crm = await openSeededCrm(engine);
    database = crm.database.database;
    closeCrm = crm.close;
    crmApp = crm.app.fetch;
    crmCalls = [];
    await migrateIdentity(database);
    state = await store.open();
    identity = identityService(database, () => new Date(), ISSUER_BASE, state.first);
    first = instance(state.first);
    second = instance(state.second);
    storefront = (await first.resolveDomain('localhost')) as DomainDetails;
    accounts = { halvorsen: crm.ids.halvorsen, marlowe: crm.ids.marlowe };
  });

  afterAll(async () => {
    await state.close();
    await closeCrm();
  });

  it('answers a repeated read with the very bytes and headers GraphQL answers it', async () => {
    const body = catalogueRead(storefront.storefrontId);
    const answered = await ask(first, overHttp(body));
    const repeated = await ask(first, overHttp(body));
    const byGraphql = await ask(first, inProcess(body));
    expect(answered.status).toBe(200);
    expect(envelopeOf(answered).statusCode).toBe(200);
    expect(repeated).toEqual(answered);
    expect(byGraphql).toEqual(answered);
  });

  it('never answers one caller with what another asked in the very same bytes', async () => {
    const body = catalogueRead(storefront.storefrontId, 7);
    const callers: Record<string, Caller> = {
      guest: {},
      'guest with a cart': { guestCart: 'a-guest-cart-secret-of-this-test-0123456789' },
      'buyer of Halvorsen': { token: await buyerOf('reader@halvorsen.example', accounts.halvorsen) },
      'buyer of Marlowe': { token: await buyerOf('reader@marlowe.example', accounts.marlowe) },
    };
    // Each caller asks twice on each instance, in turns, so every remembered answer is there to be misused.
    for (let round = 0; round < 2; round++) {
      for (const gateway of [first, second]) {
        for (const [name, caller] of Object.entries(callers)) {
          const answer = await ask(gateway, overHttp(body, caller));
          expect(answer, name).toEqual(await ask(gateway, inProcess(body, caller)));
        }
      }
    }
    const contents = await Promise.all(
      Object.values(callers).map(async (caller) => envelopeOf(await ask(first, overHttp(body, caller)))),
    );
    const accountsAnswered = new Set(contents.map((content) => JSON.stringify(content)));
    expect(accountsAnswered.size).toBeGreaterThan(1);
  });

  it('answers what the cache holds now once another instance replaced or removed the result', async () => {
    const body = catalogueRead(storefront.storefrontId, 9);
    const before = await ask(first, overHttp(body));
    expect(await ask(first, overHttp(body))).toEqual(before);
    const payload = { storefrontId: storefront.storefrontId, pageSize: 9 };
    const data = {
      callType: 'POST',
      endpoint: '/services/apexrest/ecommerce?type=retrieveCatalogNG',
      payload: JSON.stringify(payload),
    };
    const key = cacheKey(
      'salesforceActions',
      { action: 'makeCall', data },
      {
        userType: 'AWSGuest',
        accountId: storefront.guestAccountId ?? '',
        contactId: null,
        storefrontId: storefront.storefrontId,
        catalogueGeneration: '0',
      },
    );
    const results = state.second.cache<Envelope>('gateway:results', { ttlMs: 30_000, maxEntries: 1000 });
    const replaced: Envelope = { statusCode: 200, content: { items: [], replacedBy: 'the other instance' } };
    await results.set(key, replaced);
    expect(envelopeOf(await ask(first, overHttp(body)))).toEqual(replaced);

    await results.delete(key);
    crmCalls = [];
    const readAgain = await ask(first, overHttp(body));
    expect(crmCalls).toEqual(['retrieveCatalogNG']);
    expect(readAgain).toEqual(before);
  });

  it('reads the CRM again on every instance at once when the storefront catalogue changed', async () => {
    const body = catalogueRead(storefront.storefrontId, 13);
    const catalogueReads = () => crmCalls.filter((type) => type === 'retrieveCatalogNG').length;
    crmCalls = [];
    for (const gateway of [first, second, first, second]) await ask(gateway, overHttp(body));
    expect(catalogueReads()).toBe(1);
    // What a catalogue import tells the caches (the server's catalogueChanged), here on the first instance.
    await generations(state.first, 'catalogue').advance(storefront.storefrontId);
    await ask(second, overHttp(body));
    await ask(first, overHttp(body));
    expect(catalogueReads()).toBe(2);
  });

  it('reads the CRM again once the result expired', async () => {
    // A state of its own: a namespace keeps the TTL it was first opened with.
    const own = await store.open();
    try {
      const shortLived = instance(own.first, 2_000);
      const body = catalogueRead(storefront.storefrontId, 11);
      const catalogueReads = () => crmCalls.filter((type) => type === 'retrieveCatalogNG').length;
      crmCalls = [];
      await ask(shortLived, overHttp(body));
      await ask(shortLived, overHttp(body));
      expect(catalogueReads()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      await ask(shortLived, overHttp(body));
      expect(catalogueReads()).toBe(2);
    } finally {
      await own.close();
    }
  });

  it('refuses the very next repeated read of a token signed out on the other instance', async () => {
    const token = await buyerOf('signout-reader@halvorsen.example', accounts.halvorsen);
    const body = catalogueRead(storefront.storefrontId);
    for (const gateway of [first, second, first, second]) {
      expect((await ask(gateway, overHttp(body, { token }))).status).toBe(200);
    }
    await cognito(identity, 'GlobalSignOut', { AccessToken: token });
    for (const gateway of [second, first]) {
      const refused = await ask(gateway, overHttp(body, { token }));
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body)).toMatchObject({ errors: [{ errorType: 'UnauthorizedException' }] });
    }
  });

  it('refuses a repeated bad request every time: a wrong API key, a NUL, a body over the limit', async () => {
    const body = catalogueRead(storefront.storefrontId);
    expect((await ask(first, overHttp(body))).status).toBe(200);
    const wrongKey = overHttp(body);
    wrongKey.headers.set('x-api-key', 'wrong');
    expect((await ask(first, wrongKey)).status).toBe(401);

    const withNul = JSON.stringify({
      query: CALL,
      variables: {
        data: JSON.stringify({
          callType: 'POST',
          endpoint: '/services/apexrest/ecommerce?type=retrieveCatalogNG',
          payload: JSON.stringify({ storefrontId: storefront.storefrontId, searchText: 'anti\u0000cd3' }),
        }),
      },
    });
    const oversized = `${body.slice(0, -1)}, "padding": "${'x'.repeat(70 * 1024)}"}`;
    for (let round = 0; round < 2; round++) {
      const nul = await ask(first, overHttp(withNul));
      expect(envelopeOf(nul).statusCode).toBe(400);
      expect((await ask(first, overHttp(oversized))).status).toBe(413);
    }
  });
});
