import { expect, type Page, test } from '@playwright/test';
import { scriptUrls } from '../bench/js';

/** Chunks of blocks a product page does not render: the cart, the checkout, the product list and records. */
const OTHER_BLOCKS = /\/(Cart|blocks|ProductList|RecordList|RecordDetail)-[\w-]+\.js$/;

/** The scripts the browser requests while the page loads and hydrates, and what the console reports. */
function watch(page: Page): { scripts: string[]; problems: string[] } {
  const scripts: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { scripts, problems };
}

test('a guest product page loads the product block’s code, none of the blocks it does not show, and hydrates quietly', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const path = await page.locator('a[href^="/product/"]').first().getAttribute('href');
  if (!path) throw new Error('The home page links to no product');
  const html = await (await request.get(path)).text();
  const watched = watch(page);

  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  expect(watched.scripts.some((script) => /\/ProductDetail-[\w-]+\.js$/.test(script))).toBe(true);
  expect(watched.scripts.filter((script) => OTHER_BLOCKS.test(script))).toEqual([]);
  // Every script it runs is named in its HTML (so `npm run bench:js` counts them all, and none waits on another).
  const named = scriptUrls(html);
  expect(watched.scripts.filter((script) => !named.includes(script))).toEqual([]);
  expect(watched.problems).toEqual([]);
});

test('the cart page loads the cart block’s code', async ({ page }) => {
  const watched = watch(page);
  await page.goto('/cart');
  await page.waitForLoadState('networkidle');
  expect(watched.scripts.some((script) => /\/Cart-[\w-]+\.js$/.test(script))).toBe(true);
});

test('a navigation shows the next page’s address only once its blocks’ code is there', async ({ page }) => {
  // Slow the product block's code down, as a slow network would, so the old page would linger under the new address.
  let codeReleased = false;
  await page.route(/\/ProductDetail-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    codeReleased = true;
    await route.continue();
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const link = page.locator('a[href^="/product/"]').first();
  const path = await link.getAttribute('href');
  if (!path) throw new Error('The home page links to no product');
  // Each address the page shows, and whether the product block's code had been let through by then.
  const addresses: { path: string; codeReleased: boolean }[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push({ path: new URL(frame.url()).pathname, codeReleased });
  });

  await link.click();
  await page.waitForURL(path);
  expect(addresses).toEqual([{ path, codeReleased: true }]);
  await expect(page.locator('h1.product-detail__name')).toBeVisible();
});
