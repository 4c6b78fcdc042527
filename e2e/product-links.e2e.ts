import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { seriousAccessibilityViolations } from './support/axe';
import { guestCrmCall } from './support/gateway';
import { keepScreenshot } from './support/layout';
import { signIn } from './support/sign-in';
import { catalogue } from './support/storefront';

const CATEGORY = 'Flow Cytometry Antibodies';
const ACCOUNT_USER = 'buyer@halvorsen.example';

interface Tile {
  name: string;
  href: string;
  price: string;
}

/** The products of the category as its first page lists them: name, link and price. */
async function tilesOf(page: Page): Promise<Tile[]> {
  await page.goto('/');
  await catalogue.openCategory(page, CATEGORY);
  return page.locator('.product-list__results .product-tile').evaluateAll((tiles) =>
    tiles.map((tile) => ({
      name: tile.querySelector('h2 a')?.textContent?.trim() ?? '',
      href: tile.querySelector('h2 a')?.getAttribute('href') ?? '',
      price: tile.querySelector('.product-tile__price .price')?.textContent?.trim() ?? '',
    })),
  );
}

/** The account's products of the category, read by a user of the account in a browser of its own. */
async function accountTiles(browser: Browser): Promise<Tile[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn.byCookie(page, ACCOUNT_USER);
  await page.goto('/');
  await signIn.expectSignedInAs(page, ACCOUNT_USER);
  const tiles = await tilesOf(page);
  await context.close();
  return tiles;
}

/** The guest catalogue's item of a product, as the CRM answers it. */
async function guestItemNamed(request: APIRequestContext, name: string) {
  const domain = await (await request.post('/api/domain', { data: { hostname: 'localhost' } })).json();
  const found = await guestCrmCall<{ items: { id: string; name: string; productTemplateId: string }[] }>(
    request,
    'retrieveCatalogNG',
    'POST',
    { storefrontId: domain.storefrontId, accountId: domain.guestAccountId, searchText: name, pageSize: 5 },
  );
  const item = found.content.items.find((candidate) => candidate.name === name);
  if (!item) throw new Error(`the guest catalogue has no ${name}`);
  return item;
}

const productPrice = (page: Page) => page.locator('.product-detail__price .price');

test('a guest’s product link shows the same product, at the account’s price, once signed in', async ({
  page,
  browser,
  request,
}) => {
  const [guestTiles, ownTiles] = await Promise.all([tilesOf(page), accountTiles(browser)]);
  const own = new Map(ownTiles.map((tile) => [tile.name, tile]));
  const shared = guestTiles.find((tile) => own.has(tile.name));
  if (!shared) throw new Error(`no product of ${CATEGORY} is in both catalogues`);
  const account = own.get(shared.name);
  // The link names the product, not the catalogue's item: both catalogues link to the same page.
  expect(shared.href).toMatch(/^\/product\/[^/]+\/[a-z0-9-]+$/);
  expect(account?.href).toBe(shared.href);

  await page.getByRole('link', { name: shared.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: shared.name })).toBeVisible();
  await expect(productPrice(page)).toHaveText(shared.price);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await signIn.as(page, ACCOUNT_USER);

  await expect(page).toHaveURL(new RegExp(`${shared.href}$`));
  await expect(page.getByRole('heading', { level: 1, name: shared.name })).toBeVisible();
  await expect(productPrice(page)).toHaveText(account?.price ?? '');
  expect(account?.price).not.toBe(shared.price);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${shared.href}$`));

  // A link from before product paths named the product: the guest catalogue's item id.
  const guestItem = await guestItemNamed(request, shared.name);
  await page.goto(`/product/${guestItem.productTemplateId}/${guestItem.id}`);
  await expect(page.getByRole('heading', { level: 1, name: shared.name })).toBeVisible();
  await expect(productPrice(page)).toHaveText(account?.price ?? '');
});

test('a product the account’s catalogue lacks says so and offers products of its category', async ({
  page,
  browser,
}, testInfo) => {
  const [guestTiles, ownTiles] = await Promise.all([tilesOf(page), accountTiles(browser)]);
  const owned = new Set(ownTiles.map((tile) => tile.name));
  const missing = guestTiles.find((tile) => !owned.has(tile.name));
  if (!missing) throw new Error(`the account has every product of the first page of ${CATEGORY}`);

  await page.getByRole('link', { name: missing.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: missing.name })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await signIn.as(page, ACCOUNT_USER);
  await expect(page).toHaveURL(new RegExp(`${missing.href}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: `${missing.name} is not in your catalogue` }),
  ).toBeVisible();
  const near = page.getByRole('region', { name: `From ${CATEGORY} in your catalogue` });
  const offered = await near.getByRole('heading', { level: 3 }).allInnerTexts();
  expect(offered.length).toBeGreaterThan(0);
  expect(offered.map((name) => name.trim())).not.toContain(missing.name);
  await keepScreenshot(page, testInfo, 'not-in-catalogue');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});
