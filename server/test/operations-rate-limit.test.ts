import { randomBytes } from 'node:crypto';
import { OPERATIONS_KEY_PREFIX, type OperationsError } from '@storefront/contracts';
import { memorySharedState } from '@storefront/shared-state';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { OPERATIONS_RATE_RULE, serveOperationsApi } from '../src/operations-api';

/** A key as `npm run storefront -- key` prints it: opk_<16-character id>_<43-character secret>. */
const operationsKey = (id: string) =>
  `${OPERATIONS_KEY_PREFIX}${id}_${randomBytes(32).toString('base64url')}`;

/**
 * The operations API's rate limit as the server puts it in front of the CRM (server/src/operations-api.ts), over
 * the shared state every instance counts in: each key at most 1,200 calls a minute, then 429 with Retry-After and
 * a message an ERP's log makes sense of, until the minute is over. The CRM behind it is a stand-in that answers
 * every call it is given, so what is counted here is the limit alone.
 */
describe('the operations API rate limit', () => {
  function server() {
    let clock = Date.parse('2026-11-29T08:00:00Z');
    const state = memorySharedState({ now: () => clock });
    const limiter = state.rateLimiter('operations-api', OPERATIONS_RATE_RULE);
    let reachedCrm = 0;
    const app = new Hono();
    app.all(
      '/operations/v1/*',
      serveOperationsApi(
        () => {
          reachedCrm++;
          return Response.json({ orders: [], next: null });
        },
        limiter,
        (c) => c.req.header('x-test-address'),
      ),
    );
    return {
      call: (headers: Record<string, string>) =>
        app.request('http://localhost/operations/v1/orders', { headers }),
      crmCalls: () => reachedCrm,
      advance: (ms: number) => {
        clock += ms;
      },
    };
  }

  it('answers a key 1,200 calls a minute, then 429 with Retry-After and says why, without asking the CRM', async () => {
    const api = server();
    const key = operationsKey('ERPLOOP000000001');
    for (let call = 0; call < OPERATIONS_RATE_RULE.limit; call++) {
      expect((await api.call({ authorization: `Bearer ${key}` })).status).toBe(200);
    }
    expect(api.crmCalls()).toBe(1200);

    api.advance(45_000);
    const limited = await api.call({ authorization: `Bearer ${key}` });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('15');
    expect((await limited.json()) as OperationsError).toEqual({
      code: 'RATE_LIMITED',
      message:
        'Too many calls with this operations key: at most 1200 a minute. Retry after the Retry-After seconds.',
    });
    expect(api.crmCalls()).toBe(1200);

    // The minute over, the key is answered again.
    api.advance(15_000);
    expect((await api.call({ authorization: `Bearer ${key}` })).status).toBe(200);
  });

  it('counts each key on its own: one key in a loop never stops another', async () => {
    const api = server();
    const looping = operationsKey('ERPLOOP000000002');
    for (let call = 0; call <= OPERATIONS_RATE_RULE.limit; call++)
      await api.call({ authorization: `Bearer ${looping}` });
    expect((await api.call({ authorization: `Bearer ${looping}` })).status).toBe(429);
    expect((await api.call({ authorization: `Bearer ${operationsKey('PIMSYNC000000001')}` })).status).toBe(
      200,
    );
  });

  it('counts calls without a key by the address they came from, so guessing keys is limited too', async () => {
    const api = server();
    const from = (address: string, authorization = 'Bearer not-a-key') => ({
      authorization,
      'x-test-address': address,
    });
    for (let call = 0; call < OPERATIONS_RATE_RULE.limit; call++)
      await api.call(from('203.0.113.9', `Bearer guess-${call}`));
    expect((await api.call(from('203.0.113.9'))).status).toBe(429);
    expect((await api.call(from('198.51.100.4'))).status).toBe(200);
  });
});
