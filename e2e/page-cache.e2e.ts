import { type Browser, expect, type Page, request, test } from '@playwright/test';
import { cart } from './support/cart';
import { erpOf } from './support/operations';
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

test('a first-time guest gets the stored product page, whose scripts run; once they have a cart, its total is filled in', async ({
  page,
  baseURL,
}) => {
  const path = await productPath(baseURL ?? '');
  const visitor = await request.newContext({ baseURL });
  // A catalogue import by another test in between starts the cache afresh: the pair is asked again.
  let stored = await visitor.get(path);
  await expect(async () => {
    await visitor.get(path);
    stored = await visitor.get(path);
    expect(stored.headers()['x-page-cache']).toBe('hit');
  }).toPass();
  await visitor.dispose();
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

  // With a cart the guest gets the page kept for guests with cookies, private, and their browser fills in the
  // cart's total.
  const own = await page.reload();
  expect(own?.headers()['cache-control']).toBe('private, no-cache');
  await expect(cart.headerLink(page)).toHaveAccessibleName(/^Cart \$/);
  expect(refusals).toEqual([]);
});

/** The 4-way cell sorter's page, as the home page links it: an instrument at list price for some accounts. */
async function sorterPath(baseURL: string): Promise<string> {
  const visitor = await request.newContext({ baseURL });
  const home = await (await visitor.get('/')).text();
  await visitor.dispose();
  const path = /href="(\/product\/[^"]+cell-sorter-4-way-4-laser)"/.exec(home)?.[1];
  if (!path) throw new Error('The home page links to no 4-way cell sorter');
  return path;
}

/** A browser of its own, signed in as `username`. */
async function buyerPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn.byCookie(page, username);
  return page;
}

const price = (page: Page) => page.locator('.product-detail__price .price').first();

test('buyers of one account share the page kept for their price context, each seeing their own name, cart and notifications', async ({
  browser,
  baseURL,
}) => {
  const path = await productPath(baseURL ?? '');
  const tomas = await buyerPage(browser, 'buyer@halvorsen.example');
  const sofie = await buyerPage(browser, 'purchasing@halvorsen.example');
  const refusals = policyRefusals(sofie);
  // Sofie, of the same account, gets the page kept for it (asked again after another test's catalogue import).
  let kept = await sofie.goto(path);
  await expect(async () => {
    await tomas.goto(path);
    kept = await sofie.goto(path);
    expect(kept?.headers()['x-page-cache']).toBe('hit');
  }).toPass();
  await expect(signIn.accountMenu(tomas, 'buyer@halvorsen.example')).toBeVisible();
  // Neither her name nor Tomas's is in it.
  expect(kept?.headers()['cache-control']).toBe('private, no-cache');
  const html = (await kept?.text()) ?? '';
  for (const username of ['buyer@halvorsen.example', 'purchasing@halvorsen.example'])
    expect(html).not.toContain(demoUser(username).familyName);
  // The browser fills in what is hers: her name, her notifications.
  await expect(signIn.accountMenu(sofie, 'purchasing@halvorsen.example')).toBeVisible();
  await expect(sofie.getByRole('banner').getByRole('link', { name: /^Notifications/ })).toBeVisible();
  await expect(price(sofie)).toHaveText((await price(tomas).innerText()).trim());

  // The header stays live: her cart's total shows at once, and again on the kept page after a reload.
  const name = (await sofie.getByRole('heading', { level: 1 }).innerText()).trim();
  await cart.addFromHere(sofie, name);
  await expect(cart.headerLink(sofie)).toHaveAccessibleName(/^Cart \$/);
  const again = await sofie.reload();
  expect(again?.headers()['cache-control']).toBe('private, no-cache');
  await expect(cart.headerLink(sofie)).toHaveAccessibleName(/^Cart \$/);
  await expect(signIn.accountMenu(sofie, 'purchasing@halvorsen.example')).toBeVisible();
  expect(refusals).toEqual([]);
});

test('another account never sees a page kept for this one, a guest neither, and a price change shows on the next view', async ({
  browser,
  baseURL,
  page,
}) => {
  const path = await sorterPath(baseURL ?? '');
  const halvorsen = await buyerPage(browser, 'buyer@halvorsen.example');
  const marlowe = await buyerPage(browser, 'buyer@marlowe.example');
  // Halvorsen's catalogue has no sorter; Marlowe's has it, at its price.
  const notInCatalogue = 'Cell Sorter, 4-way, 4-laser is not in your catalogue';
  await halvorsen.goto(path);
  await expect(async () => {
    expect((await halvorsen.reload())?.headers()['x-page-cache']).toBe('hit');
  }).toPass();
  await expect(halvorsen.getByRole('heading', { level: 1 })).toHaveText(notInCatalogue);

  const other = await marlowe.goto(path);
  expect(other?.headers()['x-page-cache']).not.toBe('hit');
  await expect(marlowe.getByRole('heading', { level: 1 })).toHaveText('Cell Sorter, 4-way, 4-laser');
  await expect(signIn.accountMenu(marlowe, 'buyer@marlowe.example')).toBeVisible();
  const marlowePrice = (await price(marlowe).innerText()).trim();
  await halvorsen.reload();
  await expect(halvorsen.getByRole('heading', { level: 1 })).toHaveText(notInCatalogue);
  await expect(signIn.accountMenu(halvorsen, 'buyer@halvorsen.example')).toBeVisible();

  const guest = await request.newContext({ baseURL });
  const guestPage = await (await guest.get(path)).text();
  await guest.dispose();
  expect(guestPage).not.toContain(demoUser('buyer@halvorsen.example').familyName);
  expect(guestPage).not.toContain('is not in your catalogue');
  expect(guestPage).toContain('>Sign in<');

  // The supplier's catalogue file changes the sorter's list price: Marlowe's next view shows it, not the kept page.
  const sku = (await marlowe.locator('.product-detail__facts dd').first().innerText()).trim();
  const listPrice = Number(marlowePrice.replace(/[^\d.]/g, ''));
  const erp = await erpOf(page.request, baseURL ?? '');
  await erp.importCatalogue(`sku,list_price\r\n${sku},${(listPrice + 100).toFixed(2)}\r\n`);
  try {
    const changed = await marlowe.reload();
    expect(changed?.headers()['x-page-cache']).not.toBe('hit');
    await expect(price(marlowe)).not.toHaveText(marlowePrice);
    await expect(price(marlowe)).toContainText((listPrice + 100).toLocaleString('en-US'));
  } finally {
    await erp.importCatalogue(`sku,list_price\r\n${sku},${listPrice.toFixed(2)}\r\n`);
  }
});
