import { expect, test } from '@playwright/test';
import { seriousAccessibilityViolations } from './support/axe';
import { guestCrmCall } from './support/gateway';
import { signIn } from './support/sign-in';
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
  await page.getByRole('combobox', { name: 'Search products' }).fill('Annexin V');
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

test('a product that does not exist is the 404 page at its own URL', async ({ page }) => {
  await page.goto('/');
  await catalogue.openCategory(page, 'Assay Plates');
  const productPath = await catalogue.productLinks(page).first().getAttribute('href');
  const missing = productPath?.replace(/\/[^/]+$/, '/a0I0000000000000ZZ') ?? '';
  const response = await page.goto(missing);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: `Page Not Found: ${missing}` })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(missing);
});

test('the offers page lists offers with their discount and products, and an offer shows every product it covers', async ({
  page,
}) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Product categories' })
    .getByRole('link', { name: 'Offers' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Current offers' })).toBeVisible();
  const offer = page.getByRole('article', { name: /Bright Dye Savings/ });
  await expect(offer.getByText('15% off', { exact: true })).toBeVisible();
  await expect(offer.getByText('Valid with no end date.')).toBeVisible();
  await expect(offer.getByText(/^Covers \d+ products:$/)).toBeVisible();
  // The imaging plates' launch offer ended in 2024: not offered any more.
  await expect(page.getByRole('article', { name: /Imaging Plate Launch Offer/ })).toHaveCount(0);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  const covered = Number((await offer.getByText(/^Covers \d+ products:$/).innerText()).match(/\d+/)?.[0]);
  await offer.getByRole('link', { name: 'Bright Dye Savings', exact: true }).click();
  await expect(page).toHaveURL(/\/offers\/detail\/[^/?]+\?id=/);
  await expect(page.getByRole('heading', { level: 1, name: /Bright Dye Savings/ })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: `${covered} products of your catalogue` }),
  ).toBeVisible();
  await expect(page.locator('.product-grid__item')).toHaveCount(covered);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  const unknown = new URL(page.url());
  unknown.searchParams.set('id', 'no-such-offer');
  const response = await page.goto(unknown.pathname + unknown.search);
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { level: 1, name: `Page Not Found: ${unknown.pathname}` }),
  ).toBeVisible();
});

test('a signed-in buyer saves the filters of a list and applies them again from the filter panel', async ({
  page,
}) => {
  await signIn.byCookie(page, 'manager@halvorsen.example');
  await page.goto('/search');
  await signIn.expectSignedInAs(page, 'manager@halvorsen.example');
  const panel = page.getByRole('region', { name: 'Saved filters' });
  await expect(panel).toContainText('Choose filters to save them for next time.');
  const filters = page.getByRole('form', { name: 'Filter products' });
  const option = filters.getByRole('group', { name: 'Conjugate' }).getByRole('checkbox').first();
  const value = ((await option.locator('xpath=..').innerText()).split('(')[0] ?? '').trim();
  await option.check();
  await expect.poll(() => new URL(page.url()).searchParams.getAll('Conjugate')).toEqual([value]);

  const name = `Conjugate ${value} ${Date.now()}`;
  await panel.getByLabel('Save these filters as').fill(name);
  await panel.getByRole('button', { name: 'Save filters' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    `Your filters are saved as “${name}”.`,
  );
  await expect(panel.getByRole('button', { name: `Apply ${name}` })).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Cleared, then applied again: the list's URL and chips say what the saved filter holds.
  await page.getByRole('link', { name: 'Clear all' }).click();
  await expect(page.getByRole('list', { name: 'Applied filters' })).toHaveCount(0);
  await panel.getByRole('button', { name: `Apply ${name}` }).click();
  await expect(page.getByRole('list', { name: 'Applied filters' })).toContainText(`Conjugate: ${value}`);
  expect(new URL(page.url()).searchParams.getAll('Conjugate')).toEqual([value]);
});
