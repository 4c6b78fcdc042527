import {
  type CatalogPage,
  crmEndpoint,
  type DomainDetails,
  type Envelope,
  failureOf,
  MESSAGES,
  TEXT_PROBLEM,
  type TemplateBlockRecord,
  type TemplateRecord,
} from '@storefront/contracts';
import { openSeededCrm, TEST_SERVICE_TOKEN, type TestEngine, testEngines } from '@storefront/crm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CrmFetch, createGateway, type Gateway, type Logger } from '../src/index';

const API_KEY = 'test-api-key';
const NOT_SIGNED_IN = 'Not signed in';

const CALL = 'query SalesforceActions($data: AWSJSON) { salesforceActions(action: "makeCall", data: $data) }';

interface Post {
  host?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A real GraphQL POST through gateway.fetch, as a browser (or the SSR server) sends it. */
async function post(
  gateway: Gateway,
  payload: unknown,
  { host = 'localhost', headers = {}, body }: Post = {},
) {
  return gateway.fetch(
    new Request('http://gateway.internal/graphql', {
      method: 'POST',
      headers: { host, 'content-type': 'application/json', 'x-api-key': API_KEY, ...headers },
      body: body ?? JSON.stringify(payload),
    }),
  );
}

/** The envelope under the field's name (spec P§7: read by query name, a JSON string parsed). */
async function field<T = unknown>(response: Response, name: string): Promise<Envelope<T>> {
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: Record<string, string> };
  const text = data[name];
  if (text === undefined) throw new Error(`no field ${name}`);
  return JSON.parse(text) as Envelope<T>;
}

/** makeCall data as the storefront client builds it, with the fields it adds (never trusted). */
function makeCall(callType: string, endpoint: string, payload?: object, extra: object = {}) {
  return {
    query: CALL,
    variables: {
      data: JSON.stringify({
        callType,
        endpoint,
        payload: payload && JSON.stringify(payload),
        userType: 'AWSGuest',
        domain: 'localhost',
        ...extra,
      }),
    },
  };
}

const engines = await testEngines();

describe.each(engines)('gateway against the CRM on $name', (engine: TestEngine) => {
  let close: () => Promise<void>;
  let crmFetch: CrmFetch;
  let crmCalls: string[];
  let crmDown = false;
  let demo: DomainDetails;

  /** Counts what reaches the CRM, and can take it down, without changing what it answers. */
  function gatewayWith(options: { cacheTtlMs?: number; logger?: Logger } = {}): Gateway {
    return createGateway({
      apiKey: API_KEY,
      logger: options.logger,
      cacheTtlMs: options.cacheTtlMs ?? 60_000,
      crm: {
        baseUrl: 'http://crm.internal',
        token: TEST_SERVICE_TOKEN,
        fetch: async (request) => {
          if (crmDown) throw new TypeError('fetch failed');
          crmCalls.push(new URL(request.url).searchParams.get('type') ?? '');
          return crmFetch(request);
        },
      },
    });
  }

  beforeAll(async () => {
    const crm = await openSeededCrm(engine);
    close = crm.close;
    crmFetch = crm.app.fetch;
    crmCalls = [];
    const found = await gatewayWith().resolveDomain('LOCALHOST:3000');
    if (!found) throw new Error('the demo storefront is not on localhost');
    demo = found;
  });

  afterAll(async () => {
    await close();
  });

  describe('resolveDomain', () => {
    it('resolves the demo hosts, ignoring port and case, and caches the storefront list', async () => {
      crmCalls = [];
      const gateway = gatewayWith();
      expect(demo.guestAccountId).toBeTruthy();
      expect(await gateway.resolveDomain('localhost')).toEqual(demo);
      const partner = await gateway.resolveDomain('127.0.0.1:3000');
      expect(partner?.guestAccountId).toBeNull();
      expect(await gateway.resolveDomain('unknown.example')).toBeNull();
      await gateway.resolveDomain('localhost:8080');
      expect(crmCalls).toEqual(['getActiveStorefronts', 'getActiveStorefronts', 'getActiveStorefronts']);
    });
  });

  describe('HTTP rules', () => {
    const gateway = () => gatewayWith();

    it('refuses a request without the right x-api-key as AppSync does (401 UnauthorizedException)', async () => {
      const bare = new Request('http://localhost/graphql', {
        method: 'POST',
        body: '{"query":"{ theme(key: \\"theme\\") }"}',
      });
      const wrongKeys = [{ 'x-api-key': 'wrong' }, { 'x-api-key': '' }].map((headers) =>
        post(gateway(), { query: '{ theme(key: "theme") }' }, { headers }),
      );
      for (const response of await Promise.all([...wrongKeys, gateway().fetch(bare)])) {
        expect(response.status).toBe(401);
        expect(response.headers.get('x-amzn-errortype')).toBe('UnauthorizedException');
        expect(await response.json()).toEqual({
          errors: [{ errorType: 'UnauthorizedException', message: 'Missing or invalid API key.' }],
        });
      }
    });

    it('refuses GET operations (405)', async () => {
      const response = await gateway().fetch(
        new Request('http://localhost/graphql?query=%7Btheme(key%3A%22theme%22)%7D', {
          headers: { 'x-api-key': API_KEY },
        }),
      );
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    });

    it('refuses an oversized body (413)', async () => {
      const padding = 'x'.repeat(70 * 1024);
      const response = await post(gateway(), { query: `{ theme(key: "theme") } # ${padding}` });
      expect(response.status).toBe(413);
    });

    it('refuses a too-deep query (400) and batches', async () => {
      const deep = await post(gateway(), {
        query: '{ theme(key: "theme") { a { b { c { d { e { f } } } } } } }',
      });
      expect(deep.status).toBe(400);
      expect(JSON.stringify(await deep.json())).toContain('Query depth 7 exceeds the maximum of 6.');
      const batch = await post(gateway(), [{ query: '{ theme(key: "theme") }' }, { query: '{ listUsers }' }]);
      expect(batch.status).toBe(400);
    });

    it("answers a missing query name with 404 'Query name not found, improper request.'", async () => {
      for (const payload of [{ query: '{ salesforceAction(action: "makeCall") }' }, {}, { query: ' ' }]) {
        const response = await post(gateway(), payload);
        expect(response.status).toBe(404);
        const { errors } = (await response.json()) as { errors: { message: string }[] };
        expect(errors[0]?.message).toBe(MESSAGES.queryNameNotFound);
      }
    });

    /** graphql-request's headers: it accepts the GraphQL response type, so errors come with their status. */
    const asGraphqlRequest = { headers: { accept: 'application/graphql-response+json, application/json' } };
    const firstError = async (response: Response) =>
      ((await response.json()) as { errors: { message: string }[] }).errors[0]?.message;

    it('refuses a list nested 2,000 deep, as any operation over 1,000 tokens, with 400', async () => {
      const nested = `${'['.repeat(2000)}${']'.repeat(2000)}`;
      const query = `{ salesforceActions(action: "makeCall", data: ${nested}) }`;
      const response = await post(gateway(), { query }, asGraphqlRequest);
      expect(response.status).toBe(400);
      expect(await firstError(response)).toBe(
        'Syntax Error: Document contains more that 1000 tokens. Parsing aborted.',
      );
    });

    it('says which variable is not valid AWSJSON, and why (400)', async () => {
      const send = (variables: Record<string, unknown>) =>
        post(gateway(), { query: CALL, variables }, asGraphqlRequest);
      const broken = await send({ data: '{"callType": "POST",' });
      expect(broken.status).toBe(400);
      expect(await firstError(broken)).toMatch(
        /^Variable "\$data" got invalid value "\{\\"callType\\": \\"POST\\","; it is not valid AWSJSON: .*JSON/,
      );
      const deep = await send({ data: `${'['.repeat(33)}${']'.repeat(33)}` });
      expect(deep.status).toBe(400);
      expect(await firstError(deep)).toMatch(
        /"\$data".*; it is not valid AWSJSON: nested more than 32 levels deep$/,
      );
      // The built-in scalars say as much of theirs.
      const theme = await post(
        gateway(),
        { query: 'query T($key: String!) { theme(key: $key) }', variables: { key: 5 } },
        asGraphqlRequest,
      );
      expect(theme.status).toBe(400);
      expect(await firstError(theme)).toBe(
        'Variable "$key" got invalid value 5; String cannot represent a non string value: 5',
      );
    });

    it('refuses a deeply nested JSON value however it comes: variable, literal or payload (400)', async () => {
      const deepVariable = await post(gateway(), null, {
        ...asGraphqlRequest,
        body: `{"query": ${JSON.stringify(CALL)}, "variables": {"data": ${'['.repeat(20_000)}${']'.repeat(20_000)}}}`,
      });
      expect(deepVariable.status).toBe(400);
      expect(await firstError(deepVariable)).toContain(
        'it is not valid AWSJSON: nested more than 32 levels deep',
      );

      const literal = `{ salesforceActions(action: "makeCall", data: ${'['.repeat(40)}${']'.repeat(40)}) }`;
      const deepLiteral = await post(gateway(), { query: literal }, asGraphqlRequest);
      expect(deepLiteral.status).toBe(400);
      expect(await firstError(deepLiteral)).toBe(
        'This argument is not valid AWSJSON: nested more than 32 levels deep',
      );

      const payload = `{"filters": ${'['.repeat(5000)}${']'.repeat(5000)}}`;
      const data = { callType: 'POST', endpoint: crmEndpoint('retrieveCatalogNG'), payload };
      const deepPayload = await post(gateway(), { query: CALL, variables: { data: JSON.stringify(data) } });
      expect(await field(deepPayload, 'salesforceActions')).toEqual({
        statusCode: 400,
        content: 'Invalid data: payload: nested more than 32 levels deep',
      });
    });

    it('keeps introspection off by default', async () => {
      const response = await post(gateway(), { query: '{ __schema { queryType { name } } }' });
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain('Introspection is disabled.');
    });
  });

  describe('principal', () => {
    it('lets a guest of localhost read the catalogue, with account and storefront set by the gateway', async () => {
      const response = await post(
        gatewayWith(),
        makeCall(
          'POST',
          crmEndpoint('retrieveCatalogNG'),
          { pageSize: 5 },
          { accountId: demo.guestAccountId },
        ),
      );
      const result = await field<CatalogPage>(response, 'salesforceActions');
      expect(result.statusCode).toBe(200);
      expect(result.content.items).toHaveLength(5);
      expect(result.content.totalCount).toBeGreaterThanOrEqual(400);
      expect(result.content.items[0]).toMatchObject({ sku: expect.any(String), price: expect.any(Number) });
    });

    it('refuses a guest naming another account, in data or in the payload (403)', async () => {
      for (const payload of [
        makeCall('POST', crmEndpoint('retrieveCatalogNG'), {}, { accountId: 'someone-else' }),
        makeCall('POST', crmEndpoint('retrieveCatalogNG'), { accountId: 'someone-else' }),
        makeCall('GET', crmEndpoint('getGuestAccounts', { accId: 'someone-else' })),
      ]) {
        expect(await field(await post(gatewayWith(), payload), 'salesforceActions')).toEqual({
          statusCode: 403,
          content: MESSAGES.accessDenied,
        });
      }
    });

    it('answers 401 to a guest of the authenticated-only storefront, and to an unverifiable token', async () => {
      const call = makeCall('POST', crmEndpoint('retrieveCatalogNG'), {});
      const partner = await post(gatewayWith(), call, { host: '127.0.0.1:3000' });
      expect(await field(partner, 'salesforceActions')).toEqual({ statusCode: 401, content: NOT_SIGNED_IN });
      const token = await post(gatewayWith(), call, { headers: { authorization: 'Bearer eyJhbGciOi.x.y' } });
      expect(token.status).toBe(401);
      expect(await token.json()).toEqual({
        errors: [{ errorType: 'UnauthorizedException', message: 'Valid authorization header not provided.' }],
      });
    });

    it("answers 404 'Storefront Not Found' for an unknown host", async () => {
      const response = await post(gatewayWith(), makeCall('POST', crmEndpoint('retrieveCatalogNG'), {}), {
        host: 'shop.unknown.example',
      });
      expect(await field(response, 'salesforceActions')).toEqual({
        statusCode: 404,
        content: MESSAGES.storefrontNotFound,
      });
    });
  });

  describe('salesforceActions', () => {
    it('refuses an endpoint off the allow-list (403) and an unknown action (400)', async () => {
      const refused = await field<string>(
        await post(gatewayWith(), makeCall('GET', crmEndpoint('getActiveStorefronts'))),
        'salesforceActions',
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.content).toContain('not allowed for AWSGuest');
      const traversal = await field<string>(
        await post(gatewayWith(), makeCall('POST', '/services/apexrest/../ecommerce?type=retrieveCatalogNG')),
        'salesforceActions',
      );
      expect(traversal.statusCode).toBe(403);
      const unknown = await post(gatewayWith(), {
        query: '{ salesforceActions(action: "deleteAll", data: "{}") }',
      });
      expect(await field(unknown, 'salesforceActions')).toEqual({
        statusCode: 400,
        content: 'Unknown action',
      });
    });

    it("refuses a browser posting the payment provider's result, before the CRM sees it (403)", async () => {
      crmCalls.length = 0;
      const result = { request_id: 'req-1', status: 'succeeded', amount: '1.00', signature: 'x' };
      const refused = await field<string>(
        await post(gatewayWith(), makeCall('POST', crmEndpoint('paymentRequestHandler'), result)),
        'salesforceActions',
      );
      expect(refused).toEqual({
        statusCode: 403,
        content: "Endpoint not allowed: type 'paymentRequestHandler' is not allowed for AWSGuest.",
      });
      expect(crmCalls).not.toContain('paymentRequestHandler');
    });

    it('answers bad data with a 400 naming the field', async () => {
      const response = await post(gatewayWith(), {
        query: CALL,
        variables: { data: JSON.stringify({ callType: 'POST' }) },
      });
      const result = await field<string>(response, 'salesforceActions');
      expect(result.statusCode).toBe(400);
      expect(result.content).toContain('endpoint');
    });

    it('forwards GET types with the principal account in the parameters', async () => {
      const response = await post(gatewayWith(), makeCall('GET', crmEndpoint('getGuestAccounts')));
      expect(await field(response, 'salesforceActions')).toEqual({
        statusCode: 200,
        content: [{ id: demo.guestAccountId, name: expect.any(String), storefrontId: demo.storefrontId }],
      });
    });

    it('passes a CRM 400 through with its list of errors', async () => {
      const response = await post(
        gatewayWith(),
        makeCall('POST', crmEndpoint('retrieveCatalogNG'), { pageSize: 100_000 }),
      );
      // The CRM's error answer, Salesforce's list of errors, passes through as it came.
      const result = await field<{ message: string }[]>(response, 'salesforceActions');
      expect(result.statusCode).toBe(400);
      expect(result.content[0]?.message).toContain('pageSize');
    });

    it("answers 500 'Error fetching data from AppSync.' when the CRM is down", async () => {
      const gateway = gatewayWith();
      await gateway.resolveDomain('localhost');
      crmDown = true;
      try {
        const response = await post(gateway, makeCall('POST', crmEndpoint('retrieveCatalogNG'), {}));
        expect(await field(response, 'salesforceActions')).toEqual({
          statusCode: 500,
          content: MESSAGES.appSyncFetchError,
        });
        // An uncached host needs the CRM too: the same envelope, not a crash.
        const cold = await post(gatewayWith(), makeCall('POST', crmEndpoint('retrieveCatalogNG'), {}));
        expect(await field(cold, 'salesforceActions')).toEqual({
          statusCode: 500,
          content: MESSAGES.appSyncFetchError,
        });
      } finally {
        crmDown = false;
      }
    });

    it('serves a second identical read from the cache, per account, and never caches failures', async () => {
      const gateway = gatewayWith();
      await gateway.resolveDomain('localhost');
      crmCalls = [];
      const call = makeCall('POST', crmEndpoint('getCatalogGroupCounts'), {});
      const first = await field(await post(gateway, call), 'salesforceActions');
      const second = await field(await post(gateway, call), 'salesforceActions');
      expect(first.statusCode).toBe(200);
      expect(second).toEqual(first);
      expect(crmCalls).toEqual(['getCatalogGroupCounts']);

      const failing = makeCall('POST', crmEndpoint('retrieveCatalogNG'), { page: 0 });
      await post(gateway, failing);
      await post(gateway, failing);
      expect(crmCalls).toEqual(['getCatalogGroupCounts', 'retrieveCatalogNG', 'retrieveCatalogNG']);
    });

    it('logs one line per operation, without tokens or payloads', async () => {
      const lines: { obj: object; msg?: string }[] = [];
      const record = (obj: object, msg?: string) => lines.push({ obj, msg });
      const gateway = gatewayWith({ logger: { info: record, warn: record, error: record } });
      const call = makeCall('POST', crmEndpoint('getEcatalogDetails'), {}, { accessToken: 'secret-token' });
      await post(gateway, call);
      await post(gateway, call);
      expect(lines).toEqual([
        {
          obj: {
            field: 'salesforceActions',
            crmType: 'getEcatalogDetails',
            status: 200,
            ms: expect.any(Number),
            cacheHit: false,
          },
          msg: 'gateway operation',
        },
        {
          obj: {
            field: 'salesforceActions',
            crmType: 'getEcatalogDetails',
            status: 200,
            ms: expect.any(Number),
            cacheHit: true,
          },
          msg: 'gateway operation',
        },
      ]);
      expect(JSON.stringify(lines)).not.toMatch(/secret-token|test-service-token|test-api-key/);
    });
  });

  describe('content fields', () => {
    let templates: TemplateRecord[];

    beforeAll(async () => {
      const query = `{ templateDetails(organizationId: "${demo.organizationId}") }`;
      const result = await field<TemplateRecord[]>(await post(gatewayWith(), { query }), 'templateDetails');
      expect(result.statusCode).toBe(200);
      templates = result.content;
    });

    it('templateDetails lists the storefront templates, and only for its own organisation', async () => {
      expect(templates.length).toBeGreaterThan(3);
      expect(templates.every((template) => template.storefrontId === demo.storefrontId)).toBe(true);
      const other = await post(gatewayWith(), { query: '{ templateDetails(organizationId: "org-other") }' });
      expect(await field(other, 'templateDetails')).toEqual({
        statusCode: 403,
        content: MESSAGES.accessDenied,
      });
    });

    it('getTemplateBlock answers the template block record of the storefront', async () => {
      const home = templates.find((template) => template.meta.Portal_Home) ?? templates[0];
      const query = 'query B($s: ID!, $t: ID!) { getTemplateBlock(storefrontId: $s, templateId: $t) }';
      const ok = await post(gatewayWith(), {
        query,
        variables: { s: demo.storefrontId, t: home?.templateId },
      });
      const result = await field<TemplateBlockRecord>(ok, 'getTemplateBlock');
      expect(result.statusCode).toBe(200);
      expect(result.content).toMatchObject({ storefrontId: demo.storefrontId, templateId: home?.templateId });
      expect(result.content.blocks.length).toBeGreaterThan(0);

      const missing = await post(gatewayWith(), { query, variables: { s: demo.storefrontId, t: 'no-such' } });
      expect((await field(missing, 'getTemplateBlock')).statusCode).toBe(404);
      const foreign = await post(gatewayWith(), {
        query,
        variables: { s: 'other-storefront', t: home?.templateId },
      });
      expect(await field(foreign, 'getTemplateBlock')).toEqual({
        statusCode: 403,
        content: MESSAGES.accessDenied,
      });
    });

    it('theme answers the storefront theme for the key theme only', async () => {
      const theme = await post(gatewayWith(), { query: '{ theme(key: "theme") }' });
      expect(await field(theme, 'theme')).toEqual({ statusCode: 200, content: demo.theme });
      const other = await post(gatewayWith(), { query: '{ theme(key: "colours") }' });
      expect((await field(other, 'theme')).statusCode).toBe(404);
    });

    it("metaItemByStorefront lists the storefront's meta items for the principal's account", async () => {
      const query = `{ metaItemByStorefront(storefrontId: "${demo.storefrontId}", sortDirection: "desc", limit: 5) }`;
      const result = await field<{ storefrontId: string; accountId: string | null }[]>(
        await post(gatewayWith(), { query }),
        'metaItemByStorefront',
      );
      expect(result.statusCode).toBe(200);
      for (const item of result.content) {
        expect(item).toMatchObject({ storefrontId: demo.storefrontId, accountId: demo.guestAccountId });
      }
      const foreign = await post(gatewayWith(), {
        query: `{ metaItemByStorefront(storefrontId: "${demo.storefrontId}", filter: "{\\"accountId\\":\\"x\\"}") }`,
      });
      expect(await field(foreign, 'metaItemByStorefront')).toEqual({
        statusCode: 403,
        content: MESSAGES.accessDenied,
      });
    });

    it('refuses a NUL or a lone surrogate in any input with 400 naming where it is', async () => {
      const refused = (where: string) => ({ statusCode: 400, content: `${where}: ${TEXT_PROBLEM}` });
      const call = async (...args: Parameters<typeof makeCall>) =>
        field(await post(gatewayWith(), makeCall(...args)), 'salesforceActions');
      const catalogue = crmEndpoint('retrieveCatalogNG');
      expect(await call('POST', catalogue, {}, { accountId: 'acc\u0000' })).toEqual(
        refused('Invalid data: accountId'),
      );
      expect(await call('POST', `${catalogue}\uD800`)).toEqual(refused('Invalid data: endpoint'));
      expect(await call('PO\u0000ST', catalogue)).toEqual(refused('Invalid data: callType'));
      // Inside the payload and the endpoint's parameters, the CRM's contract refuses it and names the field.
      const inPayload = await call('POST', catalogue, { searchText: 'anti\u0000cd3' });
      expect(inPayload.statusCode).toBe(400);
      expect(failureOf(inPayload.content)).toMatchObject({
        errorCode: 'INVALID_PAYLOAD',
        field: 'searchText',
      });
      const inParameter = await call('GET', crmEndpoint('getQuoteItems', { quoteid: 'q\u0000' }));
      expect(inParameter.statusCode).toBe(400);
      expect(failureOf(inParameter.content)).toMatchObject({
        errorCode: 'INVALID_PAYLOAD',
        field: 'quoteid',
      });

      const meta = async (filter: object) =>
        field(
          await post(gatewayWith(), {
            query: 'query M($s: ID!, $f: AWSJSON) { metaItemByStorefront(storefrontId: $s, filter: $f) }',
            variables: { s: demo.storefrontId, f: JSON.stringify(filter) },
          }),
          'metaItemByStorefront',
        );
      expect(await meta({ key: 'title\u0000' })).toEqual(refused('Invalid filter: key'));
      expect(await meta({ templateId: { eq: '\uDC00' } })).toEqual(refused('Invalid filter: templateId'));
    });
  });
});
