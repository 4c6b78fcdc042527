/**
 * The JavaScript each page type loads: every module its HTML names (script src, modulepreload, the inline
 * module script's imports), raw and gzipped (level 9), the total, and the biggest files. The budget is
 * 110 KB gzip on a guest product page (docs/decisions/0043-client-javascript-budget.md). Run on demand after
 * a build: `npm run bench:js`.
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startBenchServer } from './server';
import { signedInBuyer } from './visitors';

export interface ScriptFile {
  url: string;
  raw: number;
  gzip: number;
}

export interface PageScripts {
  path: string;
  /** Biggest first. */
  files: ScriptFile[];
  raw: number;
  gzip: number;
}

/** What a guest product page may load, gzipped (KB of 1,024 bytes, as every figure here). */
export const GUEST_PRODUCT_BUDGET_BYTES = 110 * 1024;

const attribute = (tag: string, name: string) =>
  tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1]?.replaceAll('&amp;', '&');

/** The module URLs a page's HTML makes the browser load before it runs. */
export function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = attribute(tag, 'href');
    if (href && attribute(tag, 'rel') === 'modulepreload') urls.add(href);
  }
  for (const [tag, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = attribute(tag, 'src');
    if (src) urls.add(src);
    if (attribute(tag, 'type') !== 'module' || !body) continue;
    // `import "x"`, `import * as route0 from "x"` and `import("x")` in the inline entry script.
    for (const match of body.matchAll(/\bimport\s*(?:\(\s*|[\w*${}\s,]+\sfrom\s*)?["']([^"']+)["']/g)) {
      if (match[1]) urls.add(match[1]);
    }
  }
  return [...urls];
}

/** The scripts a page loads, fetched and measured; `cookie` signs the request in. */
export async function pageScripts(baseUrl: string, path: string, cookie?: string): Promise<PageScripts> {
  const headers = cookie ? { cookie } : undefined;
  const response = await fetch(new URL(path, baseUrl), { headers });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const files = await Promise.all(
    scriptUrls(await response.text()).map(async (url): Promise<ScriptFile> => {
      const script = await fetch(new URL(url, baseUrl));
      if (!script.ok) throw new Error(`${url} (named by ${path}) answered ${script.status}`);
      const body = Buffer.from(await script.arrayBuffer());
      return { url, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
    }),
  );
  files.sort((a, b) => b.gzip - a.gzip);
  const sum = (key: 'raw' | 'gzip') => files.reduce((total, file) => total + file[key], 0);
  return { path, files, raw: sum('raw'), gzip: sum('gzip') };
}

/** The pages measured: found from the home page, so the figures follow the demo catalogue. */
export async function pageTypes(baseUrl: string): Promise<{ name: string; path: string }[]> {
  const home = await (await fetch(baseUrl)).text();
  const category = home.match(/href="(\/category\/[^"?#]+)"/)?.[1];
  const product = home.match(/href="(\/product\/[^"?#]+)"/)?.[1];
  if (!category || !product) throw new Error('The home page links to no category or product page');
  const categoryPage = await (await fetch(new URL(category, baseUrl))).text();
  const filter = categoryPage.match(/<input type="checkbox" name="([^"]+)" value="([^"]+)"/);
  if (!filter?.[1] || !filter[2]) throw new Error(`${category} offers no filter`);
  const query = new URLSearchParams({ [filter[1]]: filter[2], sort: 'price-asc' });
  return [
    { name: 'home', path: '/' },
    { name: 'category', path: category },
    { name: 'category, filtered', path: `${category}?${query}` },
    { name: 'product (guest)', path: product },
  ];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const fileName = (url: string) => url.replace(/^.*\//, '');

function printPages(rows: { name: string; scripts: PageScripts }[]): void {
  console.log('\nJavaScript per page (gzip level 9; KB = 1,024 bytes)');
  console.log(
    `  ${'page'.padEnd(22)}${'files'.padStart(6)}${'raw KB'.padStart(10)}${'gzip KB'.padStart(10)}`,
  );
  for (const { name, scripts } of rows) {
    const files = String(scripts.files.length).padStart(6);
    console.log(
      `  ${name.padEnd(22)}${files}${kb(scripts.raw).padStart(10)}${kb(scripts.gzip).padStart(10)}`,
    );
  }
  for (const { name, scripts } of rows) {
    console.log(`\n${name} (${scripts.path}), biggest files, gzip KB:`);
    for (const file of scripts.files.slice(0, 6)) {
      console.log(`  ${kb(file.gzip).padStart(6)}  ${fileName(file.url)} (${kb(file.raw)} raw)`);
    }
  }
}

async function main(): Promise<void> {
  const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 3220));
  try {
    const rows: { name: string; scripts: PageScripts }[] = [];
    const pages = await pageTypes(server.baseUrl);
    for (const { name, path } of pages) rows.push({ name, scripts: await pageScripts(server.baseUrl, path) });
    const product = pages.find((page) => page.name === 'product (guest)');
    if (product) {
      const { cookie } = await signedInBuyer(server.baseUrl);
      rows.push({
        name: 'product (signed in)',
        scripts: await pageScripts(server.baseUrl, product.path, cookie),
      });
    }
    printPages(rows);
    const guest = rows.find((row) => row.name === 'product (guest)')?.scripts;
    if (guest) {
      const verdict = guest.gzip <= GUEST_PRODUCT_BUDGET_BYTES ? 'within' : 'OVER';
      console.log(
        `\nGuest product page: ${kb(guest.gzip)} KB gzip, budget ${kb(GUEST_PRODUCT_BUDGET_BYTES)} KB: ${verdict}`,
      );
    }
  } finally {
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
