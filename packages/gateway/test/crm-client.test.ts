import { MESSAGES } from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import { type CrmFetch, createCrmClient } from '../src/crm-client';
import { silentLogger } from '../src/logger';
import { unobserved } from '../src/observer';

function recordingClient(answer: (request: Request) => Response | Promise<Response>) {
  const seen: Request[] = [];
  const fetch: CrmFetch = (request) => {
    seen.push(request);
    return answer(request);
  };
  return {
    seen,
    crm: createCrmClient(
      { baseUrl: 'http://crm.internal/', token: 'secret', fetch },
      silentLogger,
      unobserved,
    ),
  };
}

describe('createCrmClient', () => {
  it('sends POST types as a JSON body with the bearer token', async () => {
    const { seen, crm } = recordingClient(() => Response.json({ items: [] }));
    const result = await crm({ type: 'retrieveCatalogNG', payload: { accountId: 'a', storefrontId: 's' } });
    expect(result).toEqual({ statusCode: 200, content: { items: [] } });
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('http://crm.internal/services/apexrest/ecommerce?type=retrieveCatalogNG');
    expect(request?.headers.get('authorization')).toBe('Bearer secret');
    expect(await request?.json()).toEqual({ accountId: 'a', storefrontId: 's' });
  });

  it('sends GET types with their parameters in the query string and no body', async () => {
    const { seen, crm } = recordingClient(() => Response.json([]));
    await crm({ type: 'getGuestAccounts', params: { accId: 'a&b' } });
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url).toBe(
      'http://crm.internal/services/apexrest/ecommerce?type=getGuestAccounts&accId=a%26b',
    );
    expect(seen[0]?.body).toBeNull();
  });

  it("passes a CRM error answer through with the CRM's status", async () => {
    const { crm } = recordingClient(() => Response.json(MESSAGES.noRecordsFound, { status: 404 }));
    expect(await crm({ type: 'getGuestAccounts', params: {} })).toEqual({
      statusCode: 404,
      content: MESSAGES.noRecordsFound,
    });
  });

  it("answers a transport failure with 500 'Error fetching data from AppSync.'", async () => {
    const { crm } = recordingClient(() => {
      throw new TypeError('fetch failed');
    });
    expect(await crm({ type: 'getGuestAccounts', params: {} })).toEqual({
      statusCode: 500,
      content: MESSAGES.appSyncFetchError,
    });
  });

  it('answers a non-JSON answer with its status, or 500 when it claims success', async () => {
    const bad = recordingClient(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await bad.crm({ type: 'getGuestAccounts', params: {} })).toEqual({
      statusCode: 502,
      content: MESSAGES.appSyncFetchError,
    });
    const odd = recordingClient(() => new Response('not json', { status: 200 }));
    expect(await odd.crm({ type: 'getGuestAccounts', params: {} })).toEqual({
      statusCode: 500,
      content: MESSAGES.appSyncFetchError,
    });
  });
});

describe('the retry rule of spec P§9', () => {
  /** Answers the given statuses in turn (a JSON body each), then 200. */
  function answering(...statuses: number[]) {
    let call = 0;
    return recordingClient(() => Response.json({ call }, { status: statuses[call++] ?? 200 }));
  }

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('sends a read again once after a %i', async (status) => {
    const { seen, crm } = answering(status);
    expect(await crm({ type: 'getGuestAccounts', params: {} })).toEqual({
      statusCode: 200,
      content: { call: 1 },
    });
    expect(seen.map((request) => request.method)).toEqual(['GET', 'GET']);
  });

  it('sends a read no more than twice', async () => {
    const { seen, crm } = answering(503, 503, 503);
    expect((await crm({ type: 'getGuestAccounts', params: {} })).statusCode).toBe(503);
    expect(seen).toHaveLength(2);
  });

  it('sends a read again after a transport failure', async () => {
    let calls = 0;
    const { seen, crm } = recordingClient(() => {
      if (calls++ === 0) throw new TypeError('fetch failed');
      return Response.json([]);
    });
    expect(await crm({ type: 'getGuestAccounts', params: {} })).toEqual({ statusCode: 200, content: [] });
    expect(seen).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 422])('answers a read that fails with %i at once', async (status) => {
    const { seen, crm } = answering(status);
    expect((await crm({ type: 'getGuestAccounts', params: {} })).statusCode).toBe(status);
    expect(seen).toHaveLength(1);
  });

  it('never sends a write twice, whatever it answered', async () => {
    const { seen, crm } = answering(503);
    const result = await crm({
      type: 'saveItemToQuoteBlink',
      payload: { accountId: 'a', storefrontId: 's' },
    });
    expect(result.statusCode).toBe(503);
    expect(seen.map((request) => request.method)).toEqual(['POST']);

    const failing = recordingClient(() => {
      throw new TypeError('fetch failed');
    });
    await failing.crm({ type: 'saveItemToQuoteBlink', payload: {} });
    expect(failing.seen).toHaveLength(1);
  });
});
