import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { LEGACY_PRODUCT_PATHS, LEGACY_SECTION_PATHS, LEGACY_TARGETS } from '../server/src/legacy-redirects';

interface Answer {
  status: number;
  location: string | undefined;
}

/** One GET to the running server as a browser on `host` sends it (fetch may not set Host). */
function get(baseURL: string, path: string, host: string): Promise<Answer> {
  const { port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location });
    });
    request.on('error', reject);
    request.end();
  });
}

const COMPANY_HOST = 'www.bionova.example';

// Spec P§2: every old path answers 301 with its new path on the company's host, and the new path is a page.
test('every old section path moves to a page of the storefront', async ({ baseURL, page }) => {
  const base = baseURL ?? '';
  for (const [section, paths] of Object.entries(LEGACY_SECTION_PATHS)) {
    const target = LEGACY_TARGETS[section as keyof typeof LEGACY_TARGETS];
    for (const path of paths) {
      expect(await get(base, path, COMPANY_HOST), path).toEqual({ status: 301, location: target });
    }
    // On the storefront's own host the old path is nobody's page, and the new one is.
    expect((await get(base, paths[0] ?? '', new URL(base).host)).status).toBe(404);
  }

  await page.goto('/home/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/signon/?redirect=%2Fcart');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcart$/);
  for (const [path, heading] of [
    ['/flow_consumables/', 'Flow cytometry consumables'],
    ['/imaging_consumables/', 'Imaging Consumables'],
    ['/genomics_consumables/', 'Genomics Kits'],
    ['/genomics_service/', 'Service & Training'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('.product-tile, .product-list__results li').first()).toBeVisible();
  }
});

test('every old product path moves to the page of the product with its SKU', async ({ baseURL, page }) => {
  const base = baseURL ?? '';
  const storefrontHost = new URL(base).host;
  for (const [path, sku] of LEGACY_PRODUCT_PATHS) {
    const moved = await get(base, path, COMPANY_HOST);
    expect(moved, path).toEqual({ status: 301, location: `/product_detail/guest-catalog/${sku}` });
    const found = await get(base, moved.location ?? '', storefrontHost);
    expect(found.status, sku).toBe(301);
    expect(found.location, sku).toMatch(/^\/product\/[^/]+\/[a-z0-9-]+$/);
    expect((await get(base, found.location ?? '', storefrontHost)).status, sku).toBe(200);
  }
  const [[, sku] = ['', '']] = LEGACY_PRODUCT_PATHS;
  await page.goto(`/product_detail/guest-catalog/${sku}`);
  await expect(page.getByText(sku, { exact: false }).first()).toBeVisible();

  // A SKU the catalogue does not have is 'Page Not Found', with the URL kept.
  await page.goto('/product_detail/guest-catalog/NOPE-00000');
  await expect(page.getByText('Page Not Found: /product_detail/guest-catalog/NOPE-00000')).toBeVisible();
  await expect(page).toHaveURL(/\/product_detail\/guest-catalog\/NOPE-00000$/);
});
