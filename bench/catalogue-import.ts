/**
 * A catalogue import of 20,000 new products with quantity tiers, through the CRM's operations API in process,
 * on each engine the tests use (PGlite, and PostgreSQL when it answers, each on a database of its own holding
 * the demo seed): the import, the same file again (which changes nothing), and the storefront's export. Prints
 * seconds, the resident memory before and at its peak while each step ran (each engine in a process of its
 * own), and the longest the event loop was held.
 * `npm run bench:catalogue-import` (BENCH_CATALOGUE_PRODUCTS to change the count).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { CATALOGUE_CONTENT_TYPES, OPERATIONS_BASE_PATH } from '@storefront/contracts';
import { createOperationsKey } from '@storefront/crm';
import { openSeededCrm, type SeededCrm, testEngines } from '@storefront/crm/testing';

const PRODUCTS = Number(process.env.BENCH_CATALOGUE_PRODUCTS ?? 20_000);

const quoted = (cell: string) => (/[",\n;]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** PRODUCTS products in 20 new categories, each with three tiers, specifications, filters and stock. */
function catalogueCsv(): string {
  const lines = [
    'sku,name,category,create_category,unit,short_description,description,specifications,attributes,list_price,tiers,stock',
  ];
  for (let n = 1; n <= PRODUCTS; n += 1) {
    const price = 50 + (n % 400);
    lines.push(
      [
        `BEN-${String(n).padStart(6, '0')}`,
        `Bench Reagent ${n}, 100 tests`,
        `Bench Products > Series ${1 + (n % 20)}`,
        'yes',
        '100 tests',
        `Reagent ${n} for the bench catalogue.`,
        `A reagent made for measuring the catalogue import. Lot-tested, shipped on dry ice. Item ${n}.`,
        `Clone: BX-${n}\nIsotype: Mouse IgG1\nStorage: 2-8 °C`,
        `Application: Flow Cytometry\nSpecies: ${n % 2 ? 'Human' : 'Mouse'}`,
        price.toFixed(2),
        `1-4:${price.toFixed(2)};5-9:${(price * 0.95).toFixed(2)};10+:${(price * 0.9).toFixed(2)}`,
        `BOS:${n % 200}:2;LEI:${n % 50}:14`,
      ]
        .map(quoted)
        .join(','),
    );
  }
  return lines.join('\r\n');
}

interface Figure {
  engine: string;
  step: string;
  seconds: string;
  'RSS before (MB)': number;
  'peak RSS (MB)': number;
  'longest event-loop hold (ms)': number;
  result: string;
}

/** Runs the step, sampling the resident memory and the event loop's delay while it runs. */
async function measured(engine: string, step: string, run: () => Promise<string>): Promise<Figure> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  delay.disable();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  return {
    engine,
    step,
    seconds: seconds.toFixed(2),
    'RSS before (MB)': Math.round(before / 1024 / 1024),
    'peak RSS (MB)': Math.round(peak / 1024 / 1024),
    'longest event-loop hold (ms)': Math.round(delay.max / 1e6),
    result,
  };
}

async function benchEngine(crm: SeededCrm, engine: string, file: string): Promise<Figure[]> {
  const key = await createOperationsKey(crm.database.db, crm.ids.storefrontA, 'bench');
  let calls = 0;
  const importFile = async () => {
    calls += 1;
    const response = await crm.app.request(`${OPERATIONS_BASE_PATH}/catalogue/import`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': CATALOGUE_CONTENT_TYPES.csv,
        'idempotency-key': `bench-${calls}`,
      },
      body: file,
    });
    const report = (await response.json()) as Record<string, unknown>;
    if (response.status !== 200)
      throw new Error(`import answered ${response.status}: ${JSON.stringify(report).slice(0, 300)}`);
    return `${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged`;
  };
  const exportFile = async () => {
    const response = await crm.app.request(`${OPERATIONS_BASE_PATH}/catalogue/export?format=csv`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const bytes = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`export answered ${response.status}`);
    return `${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB of CSV`;
  };
  return [
    await measured(engine, `import ${PRODUCTS.toLocaleString('en-US')} products`, importFile),
    await measured(engine, 're-import (no change)', importFile),
    await measured(engine, 'export (whole storefront)', exportFile),
  ];
}

/** One engine's figures, in a process of its own so that its memory is its own. */
async function benchOne(name: string): Promise<void> {
  const engine = (await testEngines()).find((candidate) => candidate.name === name);
  if (!engine) return;
  const crm = await openSeededCrm(engine);
  try {
    console.table(await benchEngine(crm, engine.name, catalogueCsv()));
  } finally {
    await crm.close();
  }
}

async function main(): Promise<void> {
  console.log(
    `Catalogue import: ${PRODUCTS.toLocaleString('en-US')} products with 3 tiers each (${(catalogueCsv().length / 1024 / 1024).toFixed(1)} MB of CSV) into the demo storefront's full catalogue`,
  );
  for (const engine of await testEngines()) {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_ENGINE: engine.name },
      stdio: 'inherit',
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`the ${engine.name} run failed (exit ${code})`);
  }
}

await (process.env.BENCH_ENGINE ? benchOne(process.env.BENCH_ENGINE) : main());
