import autocannon from 'autocannon';
import { API_KEY } from './cart-lines';
import { offeredLoadApart } from './offered-load-process';
import { processCpuSeconds } from './process-cpu';
import type { BenchServer } from './server';

export const GATEWAY_CONNECTIONS = 50;
/** The cached read's target load: 20 requests a second from each of the 50 connections. */
export const GATEWAY_OFFERED_RATE = 1_000;
const WARM_UP_SECONDS = 3;

export interface Served {
  rps: number;
  p99: number;
  errors: number;
}

/**
 * The saturated run also tells the server's CPU time per answer, the cost that decides the queueing; /health
 * (no gateway, a 15-byte answer) at the same offered load is the floor the machine and the load generator set.
 */
export interface GatewayReadFigures {
  offered: Served;
  saturated: Served & { cpuMsPerRead: number };
  health: Served;
  healthOffered: Served;
}

const servedOf = (result: autocannon.Result): Served => ({
  rps: result.requests.average,
  p99: result.latency.p99,
  errors: result.errors + result.non2xx,
});

/**
 * A cached read through the gateway (the guest catalogue's first page) from 50 connections: offered
 * `GATEWAY_OFFERED_RATE` requests a second in all, evenly, as an open loop (the target), and as fast as they can (for comparison, with
 * /health's floor: at saturation a request waits behind the other 49, whatever the gateway does).
 */
export async function gatewayCachedRead(
  server: BenchServer,
  storefrontId: string,
  accountId: string,
  seconds: number,
): Promise<GatewayReadFigures> {
  const body = JSON.stringify({
    query: 'query Call($data: AWSJSON) { salesforceActions(action: "makeCall", data: $data) }',
    variables: {
      data: JSON.stringify({
        callType: 'POST',
        endpoint: '/services/apexrest/ecommerce?type=retrieveCatalogNG',
        payload: JSON.stringify({ storefrontId, accountId, pageSize: 24 }),
      }),
    },
  });
  const read = {
    url: `${server.baseUrl}/graphql`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    body,
    connections: GATEWAY_CONNECTIONS,
  };
  // Warmed up at the load it is measured at: the first seconds after a change of load (compiled code, heap
  // sizes settling) are not the steady state the target is about.
  const offered = await offeredLoadApart({ ...read, rate: GATEWAY_OFFERED_RATE, seconds }, WARM_UP_SECONDS);
  const cpuBefore = processCpuSeconds([server.pid]);
  const saturatedRun = await autocannon({ ...read, duration: seconds });
  const cpuMsPerRead = ((processCpuSeconds([server.pid]) - cpuBefore) * 1000) / saturatedRun.requests.total;
  const health = { url: `${server.baseUrl}/health`, connections: GATEWAY_CONNECTIONS, duration: seconds };
  const healthOffered = await offeredLoadApart({ ...health, rate: GATEWAY_OFFERED_RATE, seconds });
  return {
    offered,
    saturated: { ...servedOf(saturatedRun), cpuMsPerRead },
    health: servedOf(await autocannon(health)),
    healthOffered,
  };
}
