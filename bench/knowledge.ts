import * as schema from '@storefront/crm/db/schema';
import { articleNumber, articleRows, modelSkus } from '@storefront/crm/seed/knowledge';
import { DEMO_ARTICLES } from '@storefront/crm/seed/knowledge-articles';
import { recordArticleTerms } from '@storefront/crm/support/queries/knowledge';
import { openSeededCrm, testEngines } from '@storefront/crm/testing';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const OPS = Number(process.env.BENCH_KNOWLEDGE_OPS ?? 300);
const CHUNK = 500;
const QUERIES = [
  'clogged flow cell, high event rate',
  'flow cell clogging',
  'bubbles in the flow cell',
  'sheath pressure fluctuates alarm',
  'cloged flwo cell, hihg event rate',
  'vigneting',
  'absorbance drifts upward across the plate',
  'qPCR edge wells higher Ct',
  'low cluster density sequencer run',
  'software cannot connect to the cytometer',
];
/** Words that make each generated article a little different, as a real base's revisions are. */
const VARIANTS = [
  'after a move',
  'after a power cut',
  'in a cold room',
  'at high throughput',
  'after service',
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

for (const engine of await testEngines()) {
  const crm = await openSeededCrm(engine);
  try {
    const storefrontId = crm.ids.storefrontA;
    const db = crm.database.db;
    const skuOf = await modelSkus(
      db,
      storefrontId,
      DEMO_ARTICLES.flatMap((article) => article.models),
    );
    const started = performance.now();
    for (let start = 0; start < ARTICLES; start += CHUNK) {
      const rows = Array.from({ length: Math.min(CHUNK, ARTICLES - start) }, (_, offset) => {
        const index = start + offset;
        const base = DEMO_ARTICLES[index % DEMO_ARTICLES.length];
        if (!base) throw new Error('no demo articles');
        const variant = VARIANTS[index % VARIANTS.length];
        return articleRows(
          storefrontId,
          { ...base, title: `${base.title} ${variant}`, draft: false },
          articleNumber(1000 + index),
          new Date(Date.UTC(2026, 0, 1) - index * 60_000),
          skuOf,
        );
      });
      await db.insert(schema.knowledgeArticles).values(rows.map((row) => row.article));
      await db.insert(schema.knowledgeArticleModels).values(rows.flatMap((row) => row.models));
    }
    await recordArticleTerms(db, storefrontId);
    const loaded = performance.now() - started;
    const { body } = await crm.post('getInstallBase', {
      storefrontId,
      accountId: crm.ids.halvorsen,
    });
    const sorter = body.instruments[0]?.modelSku;
    const times: number[] = [];
    let failures = 0;
    for (let op = 0; op < OPS; op++) {
      const symptoms = QUERIES[op % QUERIES.length] ?? '';
      const at = performance.now();
      const answer = await crm.post('getKnowledgeDataBySearch', {
        storefrontId,
        accountId: crm.ids.halvorsen,
        symptoms,
        ...(op % 3 === 0 && sorter ? { modelSku: sorter } : {}),
      });
      times.push(performance.now() - at);
      if (answer.status !== 200) failures++;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${engine.name}: ${ARTICLES} articles loaded in ${(loaded / 1000).toFixed(1)} s; ` +
        `search over ${OPS} calls: p50 ${percentile(times, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(times, 99).toFixed(1)} ms, failed ${failures}`,
    );
  } finally {
    await crm.close();
  }
}
