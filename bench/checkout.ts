import { quotes, templates } from '@storefront/crm/db/schema';
import { openSeededCrm, type SeededCrm, testEngines } from '@storefront/crm/testing';
import { eq } from 'drizzle-orm';

const OPS = Number(process.env.BENCH_CHECKOUT_OPS ?? 100);
/** Samples run and discarded first, so JIT and first-use costs do not land in the figures. */
const WARM_UP_OPS = 10;
const TEMPLATE_ID = 'tpl-bench-checkout';

const STEPS_DONE = {
  shippingAddress: '1 Main St',
  shippingCity: 'Austin',
  shippingState: 'TX',
  shippingZip: '78701',
  shippingCountry: 'US',
  shippingContactEmail: 'buyer@example.com',
  billingAddress1: '1 Main St',
  billingCity: 'Austin',
  billingState: 'TX',
  billingZip: '78701',
  billingCountry: 'US',
  shippingCarrier: 'UPS',
  shippingService: 'Ground',
  shippingAmount: 12.5,
};

type Call = (crm: SeededCrm, quoteId: string) => Promise<{ status: number; body: unknown }>;

const CALLS: Record<string, Call> = {
  calculateShippingCharges: (crm, quoteId) =>
    crm.post('calculateShippingCharges', { ...scope(crm), objid: quoteId, objtype: 'Quote' }),
  calculateAvaTax: (crm, quoteId) => crm.post('calculateAvaTax', { ...scope(crm), recordId: quoteId }),
  blinkCheckout: (crm, quoteId) =>
    crm.post('blinkCheckout', { ...scope(crm), quoteId, templateId: TEMPLATE_ID }),
};

function scope(crm: SeededCrm) {
  return { storefrontId: crm.ids.storefrontA, accountId: crm.ids.halvorsen };
}

let carts = 0;
/** A new cart of three lines with every checkout step done (untimed). */
async function readyCart(crm: SeededCrm, itemIds: string[]): Promise<string> {
  await crm.post('startNewCart', scope(crm));
  let quoteId = '';
  for (const catalogItemId of itemIds.slice(0, 3)) {
    const cart = await crm.post('saveItemToQuoteBlink', { ...scope(crm), catalogItemId, qty: 2 });
    quoteId = cart.body.quote.id;
  }
  carts += 1;
  await crm.database.db
    .update(quotes)
    .set({ ...STEPS_DONE, poNumber: `BENCH-${carts}` })
    .where(eq(quotes.id, quoteId));
  return quoteId;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function measure(crm: SeededCrm, itemIds: string[], call: Call) {
  const samples: number[] = [];
  const failures: string[] = [];
  for (let run = 0; run < WARM_UP_OPS + OPS; run += 1) {
    const quoteId = await readyCart(crm, itemIds);
    const started = performance.now();
    const answer = await call(crm, quoteId);
    const ms = performance.now() - started;
    if (answer.status !== 200) failures.push(`${answer.status} ${JSON.stringify(answer.body)}`);
    if (run >= WARM_UP_OPS) samples.push(ms);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), failures };
}

const engine = (await testEngines()).find((candidate) => candidate.name === 'pglite');
if (!engine) throw new Error('PGlite is not available');
const crm = await openSeededCrm(engine);
try {
  await crm.database.db.insert(templates).values({
    id: TEMPLATE_ID,
    storefrontId: crm.ids.storefrontA,
    name: 'bench-checkout',
    createdDate: new Date(),
    Page_Type: 'Checkout',
    Quote_eDocument_ID: 'BioNova-Order-Confirmation',
  });
  const catalogue = await crm.post('retrieveCatalogNG', { ...scope(crm), pageSize: 3 });
  const itemIds = catalogue.body.items.map((item) => item.id);
  console.log(`\nCheckout on the embedded CRM (PGlite, embedded tax), ${OPS} calls each, one at a time`);
  for (const [name, call] of Object.entries(CALLS)) {
    const { p50, p99, failures } = await measure(crm, itemIds, call);
    console.log(`  ${name.padEnd(26)} p50 ${p50.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms`);
    if (failures.length > 0) console.log(`    ${failures.length} failed, first: ${failures[0]}`);
  }
} finally {
  await crm.close();
}
