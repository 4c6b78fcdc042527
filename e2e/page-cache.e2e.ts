import { expect, type Page, request, test } from '@playwright/test';
import { cart } from './support/cart';
import { demoUser, signIn } from './support/sign-in';

/** A kit's product page of the guest catalogue (a kit goes into the cart), as the home page links it. */
async function productPath(baseURL: string): Promise<string> {
  const visitor = await request.newContext({ baseURL });
  const home = await (await visitor.get('/')).text();
  await visitor.dispose();
  const path = /href="(\/product\/[^"]+-kit)"/.exec(home)?.[1];
  if (!path) throw new Error('The home page links to no kit');
  return path;
}

/** Content-Security-Policy refusals the browser reports on the page. */
function policyRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      refusals.push(message.text());
  });
  return refusals;
}

test('a first-time guest gets the stored product page, whose scripts run; once they have a cart the page is their own', async ({
  page,
  baseURL,
}) => {
  const path = await productPath(baseURL ?? '');
  const visitor = await request.newContext({ baseURL });
  await visitor.get(path);
  const stored = await visitor.get(path);
  await visitor.dispose();
  expect(stored.headers()['x-page-cache']).toBe('hit');
  expect(stored.headers()['cache-control']).toBe('public, max-age=0, s-maxage=30');
  const policy = stored.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self' 'sha256-/);
  expect(policy).not.toContain("'nonce-");

  const refusals = policyRefusals(page);
  // Stored (for the browser's own language: 'miss' when it is the first to ask in it), so run by hashes.
  const first = await page.goto(path);
  expect(first?.headers()['x-page-cache']).toMatch(/^(hit|miss)$/);
  expect(first?.headers()['content-security-policy']).not.toContain("'nonce-");
  const name = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  await cart.addFromHere(page, name);
  await expect(cart.headerLink(page)).toHaveAccessibleName(/^Cart \$/);

  const own = await page.reload();
  expect(own?.headers()['x-page-cache']).toBeUndefined();
  expect(own?.headers()['cache-control'] ?? '').not.toContain('public');
  await expect(cart.headerLink(page)).toHaveAccessibleName(/^Cart \$/);
  expect(refusals).toEqual([]);
});

test('a signed-in buyer’s page is rendered for them and never kept for guests', async ({ page, baseURL }) => {
  const path = await productPath(baseURL ?? '');
  const username = 'buyer@halvorsen.example';
  await signIn.byCookie(page, username);
  await page.goto(path);
  const own = await page.reload();
  expect(own?.headers()['x-page-cache']).toBeUndefined();
  await expect(signIn.accountMenu(page, username)).toBeVisible();

  const guest = await request.newContext({ baseURL });
  const guestPage = await (await guest.get(path)).text();
  await guest.dispose();
  expect(guestPage).not.toContain(demoUser(username).familyName);
  expect(guestPage).toContain('>Sign in<');
});
