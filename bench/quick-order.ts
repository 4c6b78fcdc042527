/**
 * Quick order of a 500-row list on the embedded setup: the CRM app in process on a fresh PGlite database with
 * the demo seed (no gateway, no HTTP server, so the figures are the CRM's own). Each run checks the list page
 * by page as /uploadoptions does (100 rows a call), then adds it in one call to a new contact's empty cart.
 * Run on demand: `npm run bench:quick-order`.
 */
import { QUICK_ORDER_PAGE_ROWS, type QuickOrderRow } from '@storefront/contracts';
import { catalogueItems } from '@storefront/crm/db/schema';
import { openSeededCrm, type SeededCrm, testEngines } from '@storefront/crm/testing';

const ROWS = Number(process.env.BENCH_QUICK_ORDER_ROWS ?? 500);
const RUNS = Number(process.env.BENCH_QUICK_ORDER_RUNS ?? 20);
/** Runs made and discarded first, so JIT and first-use costs do not land in the figures. */
const WARM_UP_RUNS = 2;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** A list of ROWS rows over the SKUs of Marlowe's catalogue (the storefront's Full catalogue), in turn. */
async function list(crm: SeededCrm): Promise<QuickOrderRow[]> {
  const skus = (await crm.database.db.selectDistinct({ sku: catalogueItems.sku }).from(catalogueItems)).map(
    (row) => row.sku,
  );
  return Array.from({ length: ROWS }, (_, i) => ({
    line: i + 1,
    sku: skus[i % skus.length] ?? '',
    qty: 1 + (i % 5),
  }));
}

async function timed(call: () => Promise<{ status: number; body: unknown }>, failures: string[]) {
  const started = performance.now();
  const answer = await call();
  if (answer.status !== 200) failures.push(`${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const [engine] = (await testEngines()).filter((candidate) => candidate.name === 'pglite');
  if (!engine) throw new Error('The embedded PGlite engine is not available');
  const crm = await openSeededCrm(engine);
  try {
    const rows = await list(crm);
    const scope = (contactId: string) => ({
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.marlowe,
      contactId,
    });
    const figures = {
      'check (all pages)': [] as number[],
      add: [] as number[],
      'check and add': [] as number[],
    };
    const failures: string[] = [];
    const started = performance.now();
    for (let run = 0; run < WARM_UP_RUNS + RUNS; run += 1) {
      const contactId = `bench-quick-order-${run}`;
      let checking = 0;
      for (let start = 0; start < rows.length; start += QUICK_ORDER_PAGE_ROWS) {
        const page = rows.slice(start, start + QUICK_ORDER_PAGE_ROWS);
        checking += await timed(
          () => crm.post('checkQuickOrder', { ...scope(contactId), rows: page }),
          failures,
        );
      }
      const adding = await timed(() => crm.post('addQuickOrder', { ...scope(contactId), rows }), failures);
      if (run < WARM_UP_RUNS) continue;
      figures['check (all pages)'].push(checking);
      figures.add.push(adding);
      figures['check and add'].push(checking + adding);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Quick order of ${ROWS} rows, ${RUNS} runs (after ${WARM_UP_RUNS} warm-up runs), PGlite in process`,
    );
    console.table(
      Object.entries(figures).map(([operation, samples]) => {
        const sorted = [...samples].sort((a, b) => a - b);
        return {
          operation,
          'p50 ms': percentile(sorted, 50).toFixed(1),
          'p99 ms': percentile(sorted, 99).toFixed(1),
        };
      }),
    );
    console.log(`Total time: ${seconds.toFixed(1)} s; failed calls: ${failures.length}`);
    for (const failure of failures.slice(0, 5)) console.log(`  ${failure}`);
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    await crm.close();
  }
}

await main();
