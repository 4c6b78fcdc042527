import { crmEndpoint, type Envelope } from '@storefront/contracts';
import { openSeededCrm, TEST_SERVICE_TOKEN, testEngines } from '@storefront/crm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway, type GatewayConnection } from '../src/index';

const API_KEY = 'test-api-key';
const CALL = 'query Call($data: AWSJSON) { salesforceActions(action: "makeCall", data: $data) }';
const LIMIT = 20;

/** One makeCall as the storefront sends it, from a client at the address the host established. */
async function call(
  gateway: Gateway,
  endpoint: string,
  connection: GatewayConnection,
  headers: Record<string, string> = {},
): Promise<Envelope> {
  const data = JSON.stringify({ callType: 'GET', endpoint });
  const response = await gateway.fetch(
    new Request('http://gateway.internal/graphql', {
      method: 'POST',
      headers: { host: 'localhost', 'content-type': 'application/json', 'x-api-key': API_KEY, ...headers },
      body: JSON.stringify({ query: CALL, variables: { data } }),
    }),
    connection,
  );
  const body = (await response.json()) as { data: { salesforceActions: string } };
  return JSON.parse(body.data.salesforceActions) as Envelope;
}

const lookUp = (promoCode: string) => crmEndpoint('getPromoCodeInfo', { promoCode });
const guestCartSecret = () => ({ 'x-guest-cart': crypto.randomUUID().replaceAll('-', '') });

// The limit is the gateway's; one database engine is enough to answer behind it.
const engines = (await testEngines()).slice(0, 1);

describe.each(engines)('promo code look-ups through the gateway, the CRM on $name', (engine) => {
  let gateway: Gateway;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const crm = await openSeededCrm(engine);
    close = crm.close;
    gateway = createGateway({
      apiKey: API_KEY,
      cacheTtlMs: 0,
      crm: { baseUrl: 'http://crm.internal', token: TEST_SERVICE_TOKEN, fetch: crm.app.fetch },
    });
  });
  afterAll(() => close());

  it('answers a guest guessing codes 429 past 20 a minute, even with a new cart secret each time; another address is unaffected', async () => {
    const prober = { clientAddress: '203.0.113.7' };
    for (let guess = 0; guess < LIMIT; guess++) {
      expect((await call(gateway, lookUp(`GUESS${guess}`), prober, guestCartSecret())).statusCode).toBe(404);
    }
    const refused = await call(gateway, lookUp('FLOW10'), prober, guestCartSecret());
    expect(refused.statusCode).toBe(429);
    expect(refused.content).toMatch(/^Too many promo code attempts; try again in \d+ seconds?\.$/);

    const buyer = { clientAddress: '198.51.100.20' };
    const answer = await call(gateway, lookUp('FLOW10'), buyer);
    expect(answer).toMatchObject({ statusCode: 200, content: { code: 'FLOW10', validToday: true } });
    // Other types are not look-ups: the prober still browses the catalogue.
    const catalogue = crmEndpoint('getGuestAccounts');
    expect((await call(gateway, catalogue, prober)).statusCode).toBe(200);
  });
});
