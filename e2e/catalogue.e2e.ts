import { expect, test } from '@playwright/test';
import { seriousAccessibilityViolations } from './support/axe';
import { guestCrmCall } from './support/gateway';
import { catalogue } from './support/storefront';

test('a guest browses from the home page to a product and sees its tier prices', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/BioNova Life Sciences/);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await catalogue.openCategory(page, 'Flow Cytometry Antibodies');
  await expect(catalogue.resultCount(page)).toHaveText(/Showing 1–24 of \d+ products/);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  const firstProduct = catalogue.productLinks(page).first();
  const productName = (await firstProduct.innerText()).trim();
  await firstProduct.click();
  await expect(page).toHaveURL(/\/product\/[^/]+\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();

  const tiers = await catalogue.tierPrices(page);
  expect(tiers.length).toBeGreaterThan(1);
  expect(tiers[0]?.range).toMatch(/^1–\d+$/);
  expect(tiers.at(-1)?.range).toMatch(/^\d+\+$/);
  const prices = tiers.map((tier) => tier.price);
  expect(prices).toEqual([...prices].sort((a, b) => b - a));
  expect(prices[0]).toBeGreaterThan(prices.at(-1) ?? Number.POSITIVE_INFINITY);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test('a product list pages with the page query parameter and filters by a picklist', async ({ page }) => {
  await page.goto('/');
  await catalogue.openCategory(page, 'Flow Cytometry Antibodies');
  const firstPageNames = await catalogue.productLinks(page).allInnerTexts();

  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(catalogue.resultCount(page)).toHaveText(/Showing 25–48 of \d+ products/);
  const secondPageNames = await catalogue.productLinks(page).allInnerTexts();
  expect(secondPageNames.some((name) => firstPageNames.includes(name))).toBe(false);

  const peFilter = page.getByRole('checkbox', { name: /^PE \(\d+\)$/ });
  const expectedCount = (await peFilter.locator('..').innerText()).match(/\((\d+)\)/)?.[1];
  await peFilter.check();
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/Conjugate=PE(&|$)/);
  await expect(catalogue.resultCount(page)).toHaveText(new RegExp(`of ${expectedCount} products`));
  const filteredNames = await catalogue.productLinks(page).allInnerTexts();
  expect(filteredNames.length).toBeGreaterThan(0);
  for (const name of filteredNames) expect(name).toMatch(/, PE$/);
});

test('the header search finds products by name', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('searchbox').fill('Annexin V');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/searchText=Annexin(\+|%20)V/);
  await expect(catalogue.resultCount(page)).toHaveText(/Showing 1–\d+ of \d+ products/);
  const names = await catalogue.productLinks(page).allInnerTexts();
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name).toContain('Annexin V');
});

test('the catalogue product path renders the product its slug names', async ({ page, request }) => {
  const domain = await (await request.post('/api/domain', { data: { hostname: 'localhost' } })).json();
  const found = await guestCrmCall<{ items: { name: string; slug: string }[] }>(
    request,
    'retrieveCatalogNG',
    'POST',
    {
      storefrontId: domain.storefrontId,
      accountId: domain.guestAccountId,
      searchText: 'Annexin V',
      pageSize: 1,
    },
  );
  expect(found.statusCode).toBe(200);
  const [item] = found.content.items;
  if (!item) throw new Error('The demo catalogue has no Annexin V item');

  const response = await page.goto(`/product/full-catalogue/${item.slug}/overview`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
  await expect(catalogue.tierTable(page)).toBeVisible();
});

test('a friendly URL shows its landing page', async ({ page }) => {
  const response = await page.goto('/flow-cytometry');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Flow Cytometry/i);
  expect(new URL(page.url()).pathname).toBe('/flow-cytometry');
});

test('a product the account’s catalogue does not hold says so', async ({ page }) => {
  await page.goto('/');
  await catalogue.openCategory(page, 'Assay Plates');
  const productPath = await catalogue.productLinks(page).first().getAttribute('href');
  const missing = productPath?.replace(/\/[^/]+$/, '/a0I0000000000000ZZ') ?? '';
  await page.goto(missing);
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  await expect(page.getByText('could not be loaded')).toHaveCount(0);
});
