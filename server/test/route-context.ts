import type { SeededCrm } from '@storefront/crm/testing';
import { TEST_SERVICE_TOKEN } from '@storefront/crm/testing';
import { createGateway, type GatewayOptions } from '@storefront/gateway';
import type { StorefrontLoadContext } from '../../apps/storefront/app/lib/load-context';

export const API_KEY = 'test-api-key';

/**
 * The load context the composed server gives the storefront's route modules: the gateway in process, in front
 * of the seeded CRM, with no cache so each call sees what the test just wrote.
 */
export function routeContext(
  crm: SeededCrm,
  options: Pick<GatewayOptions, 'verifyToken' | 'userPools'> = {},
): StorefrontLoadContext {
  const gateway = createGateway({
    apiKey: API_KEY,
    cacheTtlMs: 0,
    crm: { baseUrl: 'http://crm.internal', token: TEST_SERVICE_TOKEN, fetch: (req) => crm.app.fetch(req) },
    ...options,
  });
  return {
    gatewayFetch: (req) => gateway.fetch(req, { clientAddress: '127.0.0.1' }),
    resolveDomain: (hostname) => gateway.resolveDomain(hostname),
    gatewayApiKey: API_KEY,
    cspNonce: 'nonce',
    overHttps: false,
  };
}
