import { expect, test } from '@playwright/test';
import { signIn } from './support/sign-in';

// The account area's pages need a signed-in user (spec P§2): a visitor goes to /login and comes back.
test('a visitor to an account page signs in and lands on the page they asked for', async ({ page }) => {
  await page.goto('/billing/no-such-page?tab=2');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fbilling%2Fno-such-page%3Ftab%3D2$/);
  await signIn.as(page, 'buyer@halvorsen.example');
  await expect(page).toHaveURL(/\/billing\/no-such-page\?tab=2$/);
  // A path of the area that is no page answers in place, with the storefront's header around it.
  await expect(page.getByText('Page Not Found: /billing/no-such-page')).toBeVisible();
  // Opened as a document, it is the error page in the area (with its navigation), never the loader's JSON.
  const response = await page.goto('/billing/no-such-page');
  expect(response?.status()).toBe(404);
  expect(response?.headers()['content-type']).toMatch(/^text\/html/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Page Not Found: /billing/no-such-page' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'RETURN TO HOMEPAGE' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
});

test('on the authenticated-only partner portal, /billing also asks a visitor to sign in', async ({
  page,
  baseURL,
}) => {
  const partner = `http://127.0.0.1:${new URL(baseURL ?? '').port}`;
  await page.goto(`${partner}/billing`);
  await expect(page).toHaveURL(`${partner}/login?redirect=%2Fbilling`);
});
