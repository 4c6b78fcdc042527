/**
 * The gateway's cached read alone (`npm run bench:gateway`, after `npm run build`): the same measurement as
 * `npm run bench:targets` prints, without the pages, carts and audits around it, `BENCH_ROUNDS` times.
 */
import { findTarget } from './cart-lines';
import { GATEWAY_CONNECTIONS, GATEWAY_OFFERED_RATE, gatewayCachedRead } from './gateway-read';
import { startBenchServer } from './server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 3240));
try {
  const { storefront } = await findTarget(server.baseUrl);
  console.log(
    `${GATEWAY_CONNECTIONS} connections; offered ${GATEWAY_OFFERED_RATE} req/s; ${SECONDS} s a run`,
  );
  for (let round = 0; round < ROUNDS; round++) {
    const { offered, saturated, health, healthOffered } = await gatewayCachedRead(
      server,
      storefront.storefrontId,
      storefront.guestAccountId ?? '',
      SECONDS,
    );
    console.log(
      `offered: p99 ${offered.p99.toFixed(1)} ms, ${offered.rps.toFixed(0)} req/s, ${offered.errors} failed | ` +
        `saturated: p99 ${saturated.p99} ms, ${saturated.rps.toFixed(0)} req/s, ` +
        `${saturated.cpuMsPerRead.toFixed(3)} ms CPU a read, ${saturated.errors} failed | ` +
        `/health offered: p99 ${healthOffered.p99.toFixed(1)} ms | /health saturated: p99 ${health.p99} ms, ${health.rps.toFixed(0)} req/s`,
    );
  }
} finally {
  await server.stop();
}
