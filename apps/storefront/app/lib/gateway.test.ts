// @vitest-environment node
import { MESSAGES } from '@storefront/contracts/messages';
import { describe, expect, it, vi } from 'vitest';
import { gatewayFailure } from '../testing/gateway-failure';
import { createGatewayClient, GatewayCallError, readEnvelope } from './gateway';
import { createServerGateway, type GatewayCaller } from './gateway.server';
import { storefrontLoadContext } from './load-context';

/** A GraphQL answer whose field holds an AWSJSON string. */
function answer(field: string, env: unknown, status = 200): Response {
  return Response.json({ data: { [field]: JSON.stringify(env) } }, { status });
}

describe('readEnvelope (spec P§8)', () => {
  it('answers the content of a successful call', () => {
    expect(readEnvelope(200, JSON.stringify({ statusCode: 200, content: { a: 1 } }))).toEqual({ a: 1 });
    expect(readEnvelope(200, { statusCode: 200, content: [1, 2] })).toEqual([1, 2]);
  });

  it("turns 'ERROR: No records Found.' into an empty list", () => {
    expect(readEnvelope(200, JSON.stringify({ statusCode: 404, content: MESSAGES.noRecordsFound }))).toEqual(
      [],
    );
    expect(readEnvelope(200, JSON.stringify({ statusCode: 200, content: MESSAGES.noRecordsFound }))).toEqual(
      [],
    );
  });

  it('reads the CRM’s error body with that message as an empty list too', () => {
    const content = { errorCode: 'NOT_FOUND', message: MESSAGES.noRecordsFound };
    expect(readEnvelope(200, JSON.stringify({ statusCode: 404, content }))).toEqual([]);
    const other = { errorCode: 'NOT_FOUND', message: 'ERROR: No template found' };
    expect(() => readEnvelope(200, JSON.stringify({ statusCode: 404, content: other }))).toThrow(
      'No template found',
    );
  });

  it('fails on an inner status other than 200, with the message', () => {
    const error = (() => {
      try {
        readEnvelope(200, JSON.stringify({ statusCode: 403, content: MESSAGES.accessDenied }));
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(GatewayCallError);
    expect(error).toMatchObject({ status: 403, message: MESSAGES.accessDenied });
  });

  it("fails on content holding 'ERROR:' or 'Error:' and drops the leading marker", () => {
    expect(() => readEnvelope(200, { statusCode: 200, content: 'ERROR: Invalid id' })).toThrow(
      expect.objectContaining({ status: 500, message: 'Invalid id' }),
    );
    expect(() => readEnvelope(200, { statusCode: 200, content: 'Something Error: broke' })).toThrow(
      GatewayCallError,
    );
  });

  it('fails on errorCode APEX_ERROR with its message', () => {
    expect(() =>
      readEnvelope(200, {
        statusCode: 200,
        content: { errorCode: 'APEX_ERROR', message: 'ERROR: Apex blew up' },
      }),
    ).toThrow(expect.objectContaining({ message: 'Apex blew up' }));
  });

  it("reads a Salesforce org's list of errors as a person's message, not raw JSON", () => {
    const content = [
      { message: 'Promo code usage limit reached', errorCode: 'PROMO_CODE_USAGE_LIMIT_REACHED' },
    ];
    expect(() => readEnvelope(200, { statusCode: 400, content })).toThrow(
      expect.objectContaining({
        status: 400,
        errorCode: 'PROMO_CODE_USAGE_LIMIT_REACHED',
        message: 'Promo code usage limit reached',
      }),
    );
    const apex = [{ message: 'ERROR: Apex blew up', errorCode: 'APEX_ERROR' }];
    expect(() => readEnvelope(200, { statusCode: 200, content: apex })).toThrow(
      expect.objectContaining({ status: 500, errorCode: 'APEX_ERROR', message: 'Apex blew up' }),
    );
  });

  it('fails on an outer status other than 200', () => {
    expect(() => readEnvelope(502, { statusCode: 200, content: 'ok' })).toThrow(
      expect.objectContaining({ status: 502 }),
    );
  });

  it("reports a transport failure as 'Error fetching data from AppSync.' with its status, default 500", () => {
    expect(() => readEnvelope(503, undefined)).toThrow(
      expect.objectContaining({ status: 503, message: MESSAGES.appSyncFetchError }),
    );
    expect(() => readEnvelope(0, undefined)).toThrow(expect.objectContaining({ status: 500 }));
  });

  it("reports a missing field as 404 'Query name not found, improper request.'", () => {
    expect(() => readEnvelope(200, undefined)).toThrow(
      expect.objectContaining({ status: 404, message: MESSAGES.queryNameNotFound }),
    );
  });

  it('refuses an answer that is not an envelope', () => {
    expect(() => readEnvelope(200, 'not json')).toThrow(GatewayCallError);
    expect(() => readEnvelope(200, JSON.stringify({ content: 1 }))).toThrow(GatewayCallError);
  });
});

describe('createGatewayClient', () => {
  it('posts the named query and reads the answer under its camel-case name', async () => {
    const transport = vi.fn(async (_body: string) =>
      answer('getTemplateBlock', { statusCode: 200, content: { blocks: [] } }),
    );
    const gateway = createGatewayClient(transport);
    await expect(gateway('GetTemplateBlock', { storefrontId: 's', templateId: 't' })).resolves.toEqual({
      blocks: [],
    });
    const body = JSON.parse(transport.mock.calls[0]?.[0] ?? '{}');
    expect(body.query).toContain('getTemplateBlock(storefrontId: $storefrontId, templateId: $templateId)');
    expect(body.variables).toEqual({ storefrontId: 's', templateId: 't' });
  });

  it('fails when the answer lacks the field', async () => {
    const gateway = createGatewayClient(async () => Response.json({ data: { other: '{}' } }));
    const error = await gatewayFailure(gateway('Theme', { key: 'theme' }));
    expect(error.status).toBe(404);
  });

  it('fails with the transport status when the gateway refuses the request', async () => {
    const gateway = createGatewayClient(async () =>
      Response.json({ errors: [{ message: 'no key' }] }, { status: 401 }),
    );
    const error = await gatewayFailure(gateway('Theme', { key: 'theme' }));
    expect(error).toMatchObject({ status: 401, message: MESSAGES.appSyncFetchError });
  });
});

describe('createServerGateway', () => {
  const page = new Request('http://shop.example.com:3000/about?x=1', {
    headers: {
      cookie: 'session=abc',
      authorization: 'Bearer from-the-browser',
      'x-request-id': 'req-7',
      'user-agent': 'test',
    },
  });

  async function sent(caller: GatewayCaller = {}): Promise<Request | undefined> {
    const gatewayFetch = vi.fn(async (_request: Request) =>
      answer('theme', { statusCode: 200, content: { key: 'theme' } }),
    );
    const context = storefrontLoadContext({
      gatewayFetch,
      resolveDomain: async () => null,
      gatewayApiKey: 'k-1',
      cspNonce: 'nonce',
      overHttps: false,
    });
    await createServerGateway(page, context, caller)('Theme', { key: 'theme' });
    return gatewayFetch.mock.calls[0]?.[0];
  }

  it('calls the in-process gateway on the page host with the API key and the request id only', async () => {
    const request = await sent();
    expect(request?.url).toBe('http://shop.example.com:3000/graphql');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('x-api-key')).toBe('k-1');
    expect(request?.headers.get('x-request-id')).toBe('req-7');
    for (const name of ['cookie', 'authorization', 'user-agent'])
      expect(request?.headers.has(name)).toBe(false);
  });

  it("sends the signed-in user's access token as a bearer token", async () => {
    const request = await sent({ accessToken: 'access.jwt.token' });
    expect(request?.headers.get('authorization')).toBe('Bearer access.jwt.token');
    expect(request?.headers.has('cookie')).toBe(false);
  });

  it("sends the guest cart secret in its own header, not the page's cookies", async () => {
    const request = await sent({ guestCartSecret: 'g'.repeat(43) });
    expect(request?.headers.get('x-guest-cart')).toBe('g'.repeat(43));
    expect(request?.headers.has('authorization')).toBe(false);
    expect(request?.headers.has('cookie')).toBe(false);
  });
});
