import { expect, type Page, test } from '@playwright/test';
import { checkLayouts } from './support/layout';

// No dead ends on the search page (issue 34): a misspelt search asks "Did you mean", and a search that finds
// nothing says so and offers the catalogue's categories instead of a blank list.

const count = (page: Page) => page.locator('.product-list__count');

test('a misspelt search offers "Did you mean", and following it shows products', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/search?searchText=antibdy');
  const suggestion = page.getByRole('link', { name: 'antibody', exact: true });
  await expect(suggestion.locator('xpath=..')).toHaveText('Did you mean antibody?');
  await checkLayouts(page, 'search-did-you-mean');
  await suggestion.click();
  await expect(page).toHaveURL(/\/search\?searchText=antibody$/);
  await expect(count(page)).toHaveText(/^Showing 1–\d+ of [\d,]+ products for “antibody”$/);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByText(/Did you mean/)).toHaveCount(0);
});

test('a search that finds nothing says so and offers the top categories', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/search?searchText=qwxzv');
  await expect(count(page)).toHaveText('No products match “qwxzv”.');
  const categories = page.getByRole('navigation', { name: 'Browse the catalogue' });
  const links = categories.getByRole('link');
  expect(await links.count()).toBeGreaterThan(1);
  await checkLayouts(page, 'search-nothing-found');
  const first = links.first();
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/category\//);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
});
