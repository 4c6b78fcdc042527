import {
  CRM_TYPES,
  type CrmType,
  crmEndpoint,
  type Envelope,
  envelope,
  MESSAGES,
} from '@storefront/contracts';
import type { Logger } from './logger';
import type { GatewayObserver } from './observer';
import { sendWithRetry } from './retry';

/** `globalThis.fetch` across the network, or the CRM Hono app's `fetch` in one process. */
export type CrmFetch = (request: Request) => Response | Promise<Response>;

export interface CrmOptions {
  /** The CRM REST base, e.g. 'http://crm.internal'. */
  baseUrl: string;
  token: string;
  fetch: CrmFetch;
}

/** A CRM call the gateway has authorised and scoped: GET types carry params, POST types a payload. */
export interface CrmRequest {
  type: CrmType;
  params?: Record<string, string>;
  payload?: Record<string, unknown>;
}

export type CrmClient = (request: CrmRequest) => Promise<Envelope>;

/** A CRM that does not answer within this is treated as down rather than holding the client. */
export const CRM_TIMEOUT_MS = 15_000;

/**
 * The CRM's JSON answer becomes the envelope {statusCode: its status, content: its body}, errors included
 * (a 404 'ERROR: No records Found.' passes through). A transport failure or a non-JSON answer is spec P§8's
 * 'Error fetching data from AppSync.' with its status (500 when there is none or it claims success).
 */
export function createCrmClient(
  { baseUrl, token, fetch }: CrmOptions,
  logger: Logger,
  observer: GatewayObserver,
): CrmClient {
  const base = baseUrl.replace(/\/+$/, '');
  const send: CrmClient = async ({ type, params, payload }) => {
    const { method } = CRM_TYPES[type];
    const headers = new Headers({ authorization: `Bearer ${token}`, accept: 'application/json' });
    if (method === 'POST') headers.set('content-type', 'application/json');
    const request = () =>
      new Request(`${base}${crmEndpoint(type, method === 'GET' ? params : {})}`, {
        method,
        headers,
        body: method === 'POST' ? JSON.stringify(payload ?? {}) : undefined,
        signal: AbortSignal.timeout(CRM_TIMEOUT_MS),
      });
    let status = 500;
    try {
      const response = await sendWithRetry(fetch, request);
      if (!response.ok) status = response.status;
      return envelope(response.status, (await response.json()) as unknown);
    } catch (error) {
      logger.error(
        { crmType: type, status, error: error instanceof Error ? error.message : String(error) },
        'crm call failed',
      );
      return envelope(status, MESSAGES.appSyncFetchError);
    }
  };
  return async (request) => {
    const started = performance.now();
    const answer = await send(request);
    const seconds = (performance.now() - started) / 1000;
    observer.crmCall({ crmType: request.type, status: answer.statusCode, seconds });
    return answer;
  };
}
