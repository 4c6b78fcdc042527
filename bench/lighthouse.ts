/**
 * Lighthouse (mobile form factor, Lighthouse's default simulated throttling) on the home, a category and a
 * product page of the production server on a fresh data directory, with Debian's Chromium: the four category
 * scores per page and the audits that fail. Targets: performance ≥ 95, accessibility, best practices and
 * SEO 100 (docs/decisions/0043-client-javascript-budget.md). Run on demand after a build:
 * `npm run lighthouse`. Nothing is downloaded at run time.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../e2e/support/chromium-flags';
import { pageTypes } from './js';
import { startBenchServer } from './server';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export interface PageAudit {
  url: string;
  /** 0–100 per category. */
  scores: Record<Category, number>;
  /** Audits that count towards a category and did not pass: "category: title (display value)". */
  failing: string[];
}

/** Lighthouse on each URL in turn, one Chromium for all (a run at a time, so the figures do not compete). */
export async function lighthouseAudits(urls: readonly string[]): Promise<PageAudit[]> {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  // chrome-launcher's spawn error is an unhandled 'error' event: it would end the process with the server up.
  if (!existsSync(chromePath)) {
    throw new Error(`No Chromium at ${chromePath}: run bash scripts/ensure-chromium.sh, or set CHROME_PATH`);
  }
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const audits: PageAudit[] = [];
    for (const url of urls) {
      // Measured warm, as a running server answers: the first request of a page fills the gateway's cache.
      await fetch(url);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
      ) as Record<Category, number>;
      const failing = CATEGORIES.flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id])
          .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
          .map(
            (audit) => `${category}: ${audit?.title}${audit?.displayValue ? ` (${audit.displayValue})` : ''}`,
          ),
      );
      audits.push({ url, scores, failing });
    }
    return audits;
  } finally {
    chrome.kill();
  }
}

function printAudits(rows: { name: string; audit: PageAudit }[]): void {
  console.log('\nLighthouse, mobile (targets: performance ≥ 95, the others 100)');
  const header = ['page'.padEnd(18), ...CATEGORIES.map((category) => category.padStart(16))].join('');
  console.log(`  ${header}`);
  for (const { name, audit } of rows) {
    const cells = CATEGORIES.map((category) => String(audit.scores[category]).padStart(16)).join('');
    console.log(`  ${name.padEnd(18)}${cells}`);
  }
  for (const { name, audit } of rows) {
    if (audit.failing.length === 0) continue;
    console.log(`\n${name} (${audit.url}), failing audits:`);
    for (const failing of audit.failing) console.log(`  ${failing}`);
  }
}

async function main(): Promise<void> {
  const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 3230));
  try {
    const pages = (await pageTypes(server.baseUrl)).filter((page) =>
      ['home', 'category', 'product (guest)'].includes(page.name),
    );
    const audits = await lighthouseAudits(pages.map((page) => `${server.baseUrl}${page.path}`));
    printAudits(pages.map((page, index) => ({ name: page.name, audit: audits[index] as PageAudit })));
  } finally {
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
