import { expect, test } from '@playwright/test';
import { seriousAccessibilityViolations } from './support/axe';

const ERROR_PAGES = [
  {
    path: '/401',
    status: 401,
    heading: 'Authorization Required',
    text: 'You are not authorized to access this page',
  },
  { path: '/404', status: 404, heading: 'Page Not Found', text: 'moved, deleted or never existed' },
  { path: '/500', status: 500, heading: 'Internal Server Error', text: 'try again later' },
  { path: '/503', status: 503, heading: 'Internal Server Error', text: 'maintenance' },
  { path: '/509', status: 509, heading: 'Limit Exceeded', text: 'bandwidth' },
];

for (const errorPage of ERROR_PAGES) {
  test(`${errorPage.path} shows its heading and RETURN TO HOMEPAGE goes home`, async ({ page }) => {
    const response = await page.goto(errorPage.path);
    expect(response?.status()).toBe(errorPage.status);
    await expect(page.getByRole('heading', { level: 1, name: errorPage.heading })).toBeVisible();
    await expect(page.getByText(errorPage.text, { exact: false }).first()).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'RETURN TO HOMEPAGE' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: errorPage.heading })).toBeHidden();
  });
}

test('a missing page says so and keeps its URL', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page Not Found: /no-such-page')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/no-such-page');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test('an unknown host shows Storefront Not Found', async ({ page, baseURL }) => {
  const port = new URL(baseURL ?? '').port;
  const response = await page.goto(`http://unknown-store.test:${port}/`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Storefront Not Found');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});
