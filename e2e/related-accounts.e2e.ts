import { expect, type Page, test } from '@playwright/test';
import { seriousAccessibilityViolations } from './support/axe';
import { amount, cart } from './support/cart';
import { horizontalOverflow, keepScreenshot } from './support/layout';
import { signIn } from './support/sign-in';
import { catalogue } from './support/storefront';

// The demo user who buys for Halvorsen's related sites (docs/decisions/0025); no other browser test uses them,
// so their stored choice never changes another test's account.
const USER = 'sites@halvorsen.example';
const MASTER = 'Halvorsen Research Institute';
const CORE = 'Halvorsen Sequencing Core Facility';
const CAMPUS = 'Halvorsen Institute Cambridge Campus';

// Both tests sign in as that user, and one switches the account the other reads: they run one after the other.
test.describe.configure({ mode: 'serial' });

const relatedList = (page: Page) => page.getByRole('region', { name: 'Related accounts' });
const row = (page: Page, name: string) =>
  relatedList(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });
const selectAccount = (page: Page, name: string) =>
  page.getByRole('button', { name: `Select Account ${name}` });
/** The header's line naming the account the user buys for, in sight without opening a menu. */
const actingAccount = (page: Page) => page.getByRole('banner').locator('.acting-account');

/** The price the first product of Genomics Kits shows, and its name. */
async function firstGenomicsKit(page: Page): Promise<{ name: string; price: number }> {
  await page.goto('/');
  await catalogue.openCategory(page, 'Genomics Kits');
  const name = (await catalogue.productLinks(page).first().innerText()).trim();
  return { name, price: await priceOf(page, name) };
}

async function priceOf(page: Page, productName: string): Promise<number> {
  const tile = page.locator('.product-tile').filter({ has: page.getByRole('link', { name: productName }) });
  return amount(await tile.locator('.product-tile__price .price').first().innerText());
}

async function choose(page: Page, name: string): Promise<void> {
  await page.goto('/billing/account');
  await selectAccount(page, name).click();
  await expect(page.getByRole('status').filter({ hasText: 'You now act for' })).toHaveText(
    `You now act for ${name}: its prices, catalogue and cart.`,
  );
}

test('a buyer switches to a related site, sees its prices and its own cart, and switches back', async ({
  page,
}, testInfo) => {
  test.slow();
  await signIn.byCookie(page, USER);
  await page.goto('/billing/account');
  await expect(page).toHaveURL(/\/billing\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: MASTER })).toBeVisible();
  await expect(page.getByText('Payment Optional')).toBeVisible();
  await expect(actingAccount(page)).toContainText(`Acting for ${MASTER}`);
  await expect(actingAccount(page)).toBeVisible();

  // The master account is current; its related sites can be selected, the current account cannot.
  await expect(relatedList(page).getByRole('listitem')).toHaveCount(3);
  await expect(row(page, MASTER)).toContainText('CURRENT (Master Account)');
  await expect(selectAccount(page, MASTER)).toHaveCount(0);
  await expect(selectAccount(page, CORE)).toBeVisible();
  await expect(selectAccount(page, CAMPUS)).toBeVisible();
  // The Toronto child account is related in portal context only.
  await expect(relatedList(page)).not.toContainText('Toronto');

  // A form altered in the browser to name an account the CRM does not relate is refused, in words. The page
  // must have hydrated first (the account menu opens only then), or hydration sets the field back.
  await signIn.openAccountMenu(signIn.accountMenu(page, USER));
  await page.keyboard.press('Escape');
  await row(page, CAMPUS)
    .locator('input[name="accountId"]')
    .evaluate((input: HTMLInputElement) => {
      input.value = '001000000000001AAA';
    });
  await selectAccount(page, CAMPUS).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Access Denied: You do not have permission to view this record.',
  );
  await expect(row(page, MASTER)).toContainText('CURRENT (Master Account)');

  // The master's negotiated price, into the master's cart.
  const kit = await firstGenomicsKit(page);
  await cart.addFromHere(page, kit.name);
  await expect(cart.headerLink(page)).toContainText('Cart $');
  const masterCart = amount(await cart.headerLink(page).innerText());

  await choose(page, CORE);
  await expect(page.getByRole('heading', { level: 2, name: CORE })).toBeVisible();
  await expect(row(page, CORE)).toContainText('CURRENT');
  await expect(row(page, MASTER)).toContainText('Master Account');
  await expect(row(page, MASTER)).not.toContainText('CURRENT');
  await expect(selectAccount(page, MASTER)).toBeVisible();
  await expect(selectAccount(page, CORE)).toHaveCount(0);
  // The header says whose prices and cart these are, with no menu to open; the site's cart is its own, empty one.
  await expect(actingAccount(page)).toContainText(`Acting for ${CORE}`);
  await keepScreenshot(page, testInfo, 'acting-for-core');
  // Acting for the core facility, it is no ship-to choice of its own.
  await expect(page.getByRole('region', { name: 'Ship-to account' })).toHaveCount(0);
  await expect(cart.headerLink(page)).toHaveText('Cart');

  // The core facility buys from the Full catalogue at list price: dearer than the institute's price.
  await page.goto('/');
  await catalogue.openCategory(page, 'Genomics Kits');
  const sitePrice = await priceOf(page, kit.name);
  expect(sitePrice).toBeGreaterThan(kit.price);
  await cart.addFromHere(page, kit.name);
  await expect.poll(async () => amount(await cart.headerLink(page).innerText())).toBe(sitePrice);
  // Buying, the account stays in sight: on the product, in the cart and at checkout, with the way to switch.
  await catalogue.productLinks(page).filter({ hasText: kit.name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: kit.name })).toBeVisible();
  await expect(actingAccount(page)).toContainText(`Acting for ${CORE}`);
  await cart.open(page);
  // The first time, a page of guidance comes before the cart.
  await page.getByRole('button', { name: 'Continue to your cart' }).click();
  await expect(cart.line(page, kit.name)).toBeVisible();
  await expect(actingAccount(page)).toContainText(`Acting for ${CORE}`);
  await page.getByRole('link', { name: 'Check out' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(actingAccount(page)).toContainText(`Acting for ${CORE}`);
  await keepScreenshot(page, testInfo, 'checkout-acting-for-core');
  await actingAccount(page).getByRole('link', { name: 'Switch account' }).click();
  await expect(page).toHaveURL(/\/billing\/account#related-accounts$/);

  // Back to the master account: its own cart and prices again.
  await choose(page, MASTER);
  await expect(row(page, MASTER)).toContainText('CURRENT (Master Account)');
  await expect(actingAccount(page)).toContainText(`Acting for ${MASTER}`);
  await expect.poll(async () => amount(await cart.headerLink(page).innerText())).toBe(masterCart);

  // The core facility receives orders in the institute's behalf: it can be the ship-to account.
  const shipTo = page.getByLabel('Ship orders to');
  await expect(shipTo.locator('option')).toHaveText(['No ship-to account', CORE]);
  await shipTo.selectOption({ label: CORE });
  await page.getByRole('button', { name: 'Save ship-to account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ship-to' })).toHaveText('Ship-to account saved.');
  await page.reload();
  await expect(shipTo.locator('option:checked')).toHaveText(CORE);
  await expect(row(page, MASTER)).toContainText('CURRENT (Master Account)');
  await shipTo.selectOption({ label: 'No ship-to account' });
  await page.getByRole('button', { name: 'Save ship-to account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ship-to' })).toBeVisible();
  await page.goto('/');
  await catalogue.openCategory(page, 'Genomics Kits');
  expect(await priceOf(page, kit.name)).toBe(kit.price);
  testInfo.annotations.push({ type: 'prices', description: `${kit.name}: ${kit.price} → ${sitePrice}` });
});

test('the account page and its Related accounts fit phones, tablets and desktops, axe clean', async ({
  page,
}, testInfo) => {
  await signIn.byCookie(page, USER);
  await page.goto('/billing/account');
  await expect(relatedList(page)).toBeVisible();
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(selectAccount(page, CORE)).toBeVisible();
    expect(await horizontalOverflow(page), `overflow at ${width}px`).toBeLessThanOrEqual(0);
    // The account bought for is one slim line of the header, its switch included, even on a phone.
    await expect(actingAccount(page).getByRole('link', { name: 'Switch account' })).toBeVisible();
    expect((await actingAccount(page).boundingBox())?.height).toBeLessThan(30);
    // Each row's name, labels and action stay inside the list.
    const list = await relatedList(page).boundingBox();
    const button = await selectAccount(page, CORE).boundingBox();
    expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual((list?.x ?? 0) + (list?.width ?? 0));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, testInfo, `billing-account-${width}`);
  }
});
