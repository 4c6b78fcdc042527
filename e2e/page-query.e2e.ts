import { expect, type Page, test } from '@playwright/test';
import { cart } from './support/cart';
import { keepScreenshot } from './support/layout';
import { catalogue } from './support/storefront';

const storedQuote = (page: Page) => page.evaluate(() => window.localStorage.getItem('EC_Quote_Id'));

// Spec P§2's query parameters on any page.
test('?quoteId on any page keeps the quote it names when it is the visitor’s cart', async ({ page }) => {
  await page.goto('/');
  await catalogue.openCategory(page, 'Assay Plates');
  const [name = ''] = (await catalogue.productLinks(page).allInnerTexts()).map((text) => text.trim());
  await cart.addFromHere(page, name);
  await cart.open(page);
  await expect(cart.lines(page)).toHaveCount(1);
  await expect.poll(() => storedQuote(page)).not.toBeNull();
  const quoteId = (await storedQuote(page)) ?? '';

  await page.evaluate(() => window.localStorage.clear());
  await page.goto(`/?quoteid=${quoteId}`);
  await expect.poll(() => storedQuote(page)).toBe(quoteId);

  // A quote that is not theirs (or no quote at all) is nothing to keep.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/?quoteId=0Q05g00000000ZZZZZ');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await storedQuote(page)).toBeNull();
});

test('?isDev=true labels every block of the page with its component and id', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.locator('[data-dev-label]')).toHaveCount(0);
  await page.goto('/?isDev=true');
  const labelled = page.locator('main [data-dev-label]');
  await expect(labelled.first()).toBeVisible();
  expect(await labelled.first().getAttribute('data-dev-label')).toMatch(/^\w+ · \S+$/);
  await keepScreenshot(page, testInfo, 'dev-mode');
});
