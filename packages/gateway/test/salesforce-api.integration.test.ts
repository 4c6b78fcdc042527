import { type CatalogPage, type DomainDetails, MESSAGES, type QuoteItems } from '@storefront/contracts';
import { openSeededCrm, TEST_SERVICE_TOKEN, testEngines } from '@storefront/crm/testing';
import type { Database } from '@storefront/database';
import { migrateIdentity } from '@storefront/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCognitoTokenVerifier, createGateway, type Gateway } from '../src/index';
import {
  askGateway,
  ensurePortalUser,
  type IdentityFetch,
  ISSUER_BASE,
  identityService,
  signIn,
} from './user-pools';

const FIELDS = 'query SalesforceApi($data: AWSJSON) { salesforceApi(data: $data) }';
const CALL = 'query Call($data: AWSJSON) { salesforceActions(action: "makeCall", data: $data) }';

/** How a failed field fetch reads (spec P§8), whatever refused it. */
const failed = (statusCode: number, refusal: object = {}) => ({
  statusCode,
  content: { message: MESSAGES.fieldFetchFailed, ...refusal },
});

/**
 * SalesforceApi(data) (spec P§7) as a client calls it at the gateway: fields of one of the account's own
 * records by P§7's names; 'Failed to fetch Salesforce API field.' when they cannot be had (P§8).
 */
describe.each(await testEngines())('salesforceApi on $name', (engine) => {
  let database: Database;
  let gateway: Gateway;
  let identity: IdentityFetch;
  let storefront: DomainDetails;
  let halvorsenQuote = '';
  let marloweQuote = '';

  const token = async (username: string) =>
    (await signIn(identity, storefront.clientId, username)).AccessToken;
  const fieldsAs = (caller: { token?: string }, data: unknown) =>
    askGateway(gateway, 'salesforceApi', FIELDS, { ...caller, variables: { data: JSON.stringify(data) } });

  /** A cart of one line for the user, through makeCall as the storefront makes it; its quote id. */
  async function cartOf(accessToken: string): Promise<string> {
    const call = async <T>(type: string, payload: object) =>
      (
        await askGateway<T>(gateway, 'salesforceActions', CALL, {
          token: accessToken,
          variables: {
            data: JSON.stringify({
              callType: 'POST',
              endpoint: `/services/apexrest/ecommerce?type=${type}`,
              payload: JSON.stringify({ storefrontId: storefront.storefrontId, ...payload }),
            }),
          },
        })
      ).content;
    const page = await call<CatalogPage>('retrieveCatalogNG', { pageSize: 1 });
    const cart = await call<QuoteItems>('saveItemToQuoteBlink', { catalogItemId: page.items[0]?.id, qty: 2 });
    return cart.quote.id;
  }

  beforeAll(async () => {
    const crm = await openSeededCrm(engine);
    database = crm.database.database;
    await migrateIdentity(database);
    identity = identityService(database, () => new Date());
    gateway = createGateway({
      apiKey: 'test-api-key',
      crm: {
        baseUrl: 'http://crm.test',
        token: TEST_SERVICE_TOKEN,
        fetch: (request) => crm.app.fetch(request),
      },
      verifyToken: createCognitoTokenVerifier({ issuerBase: ISSUER_BASE, fetch: identity }),
      cacheTtlMs: 0,
    });
    const found = await gateway.resolveDomain('localhost');
    if (!found) throw new Error('the demo storefront is not on localhost');
    storefront = found;
    for (const [username, accountId] of [
      ['buyer@halvorsen.example', crm.ids.halvorsen],
      ['buyer@marlowe.example', crm.ids.marlowe],
    ] as const) {
      await ensurePortalUser(database, storefront, username, { 'custom:salesforceAccountId': accountId });
    }
    halvorsenQuote = await cartOf(await token('buyer@halvorsen.example'));
    marloweQuote = await cartOf(await token('buyer@marlowe.example'));
  });

  afterAll(() => database.close());

  it("answers the fields of the user's own record, with their labels and data types", async () => {
    const caller = { token: await token('buyer@halvorsen.example') };
    const answer = await fieldsAs(caller, {
      objectName: 'Quote',
      objectId: halvorsenQuote,
      displayFields: ['status', 'total'],
    });
    expect(answer).toEqual({
      statusCode: 200,
      content: {
        objectApiName: 'Quote',
        id: halvorsenQuote,
        recordData: { status: 'Active', total: expect.any(Number) },
        fieldsMetadata: [
          { name: 'status', label: 'Status', dataType: 'STRING' },
          { name: 'total', label: 'Total', dataType: 'CURRENCY' },
        ],
      },
    });
  });

  it("says 'Failed to fetch Salesforce API field.' for a field, a record or an account it may not read", async () => {
    const caller = { token: await token('buyer@halvorsen.example') };
    const unreadable = await fieldsAs(caller, {
      objectName: 'Quote',
      objectId: halvorsenQuote,
      displayFields: ['guestSecretHash'],
    });
    expect(unreadable).toEqual(
      failed(400, {
        errorCode: 'INVALID_PAYLOAD',
        field: 'displayFields.0',
        detail: expect.stringContaining("'guestSecretHash' is not a readable field of Quote"),
      }),
    );
    // Another account's quote is read neither by its id nor by naming that account.
    const others = await fieldsAs(caller, { objectName: 'Quote', objectId: marloweQuote });
    expect(others.statusCode).toBeGreaterThanOrEqual(403);
    expect(others.content).toMatchObject({ message: MESSAGES.fieldFetchFailed });
    expect(JSON.stringify(others.content)).not.toContain(marloweQuote);
    const naming = await fieldsAs(caller, {
      objectName: 'Quote',
      objectId: marloweQuote,
      accountId: 'someone',
    });
    expect(naming).toMatchObject(failed(403, { detail: MESSAGES.accessDenied }));
    const unknown = await fieldsAs(caller, { objectName: 'Quote', objectId: 'a0Q000000000000ZZZ' });
    expect(unknown).toMatchObject(failed(404));
    const noObject = await fieldsAs(caller, { objectId: halvorsenQuote });
    expect(noObject).toMatchObject(failed(400, { field: 'objectName' }));
  });

  it('refuses a guest, who has no records to read, in the same words', async () => {
    const answer = await fieldsAs({}, { objectName: 'Quote', objectId: halvorsenQuote });
    expect(answer).toMatchObject(failed(403));
    expect(JSON.stringify(answer.content)).toContain("'getRecord' is not allowed for AWSGuest");
  });
});
