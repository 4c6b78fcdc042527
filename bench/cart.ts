/**
 * Latency of adding and updating cart lines as guests through the gateway (POST /graphql, makeCall) on the
 * embedded PGlite database, first one shopper at a time, then with concurrent shoppers each with their own
 * cart. Run on demand after a build: `npm run bench:cart`.
 */
import {
  addLines,
  findTarget,
  HOST,
  printFailures,
  printTable,
  type Result,
  run,
  updateLines,
  WARM_UP_OPS,
} from './cart-lines';
import { startBenchServer } from './server';

const OPS = Number(process.env.BENCH_CART_OPS ?? 200);
const SHOPPERS = Number(process.env.BENCH_CART_SHOPPERS ?? 10);

const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 3210));
try {
  const target = await findTarget(server.baseUrl);
  await run(target, 'warm-up', addLines, WARM_UP_OPS, 1);
  await run(target, 'warm-up', updateLines, WARM_UP_OPS, 1);
  const results: Result[] = [];
  for (const shoppers of [1, SHOPPERS]) {
    results.push(await run(target, 'add line', addLines, OPS, shoppers));
    results.push(await run(target, 'update line', updateLines, OPS, shoppers));
  }
  console.log(
    `\nCart lines as guests through the gateway on PGlite (host ${HOST}), ${OPS} operations per row, ` +
      `carts of up to ${target.itemIds.length} lines`,
  );
  printTable(results);
  printFailures(results);
} finally {
  await server.stop();
}
