import { OPERATIONS_KEY_PREFIX, type OperationsError } from '@storefront/contracts';
import type { RateLimiter, RateRule } from '@storefront/shared-state';
import type { Context } from 'hono';

type FetchHandler = (request: Request) => Response | Promise<Response>;

/**
 * Calls per minute an operations key (or, before it is known, an address) may make, counted in the shared state
 * so every instance counts together: an ERP's bursts fit (an order's confirm and shipments, a page of orders a
 * second), a runaway loop is stopped.
 */
export const OPERATIONS_RATE_RULE: RateRule = { limit: 1200, windowMs: 60_000 };

/** Who a call is counted against: the key id its bearer names, else the address it came from. */
function rateKey(authorization: string | undefined, address: string | undefined): string {
  const bearer = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  const keyId = bearer.startsWith(OPERATIONS_KEY_PREFIX)
    ? bearer.slice(OPERATIONS_KEY_PREFIX.length, -44)
    : '';
  return keyId ? `key:${keyId}` : `address:${address ?? 'unknown'}`;
}

/**
 * The operations API as this server serves it: rate limited, then answered by the CRM (embedded, or at CRM_URL),
 * which authenticates the key and checks every body.
 */
export function serveOperationsApi(
  crm: FetchHandler,
  limiter: RateLimiter,
  address: (c: Context) => string | undefined,
) {
  return async (c: Context): Promise<Response> => {
    const decision = await limiter.hit(rateKey(c.req.header('authorization'), address(c)));
    if (!decision.allowed) {
      const body: OperationsError = {
        code: 'RATE_LIMITED',
        message: `Too many calls with this operations key: at most ${OPERATIONS_RATE_RULE.limit} a minute. Retry after the Retry-After seconds.`,
      };
      return c.json(body, 429, { 'Retry-After': String(Math.ceil(decision.retryAfterMs / 1000)) });
    }
    return crm(c.req.raw);
  };
}

/** The operations API of an external CRM (CRM_URL): the same path and query there, the body streamed through. */
export function forwardTo(crmUrl: string | undefined): FetchHandler {
  return (request) => {
    if (!crmUrl) throw new Error('no CRM to forward the operations API to');
    const url = new URL(request.url);
    return fetch(new URL(`${url.pathname}${url.search}`, crmUrl), {
      method: request.method,
      headers: request.headers,
      body: request.body,
      duplex: 'half',
    } as RequestInit);
  };
}
