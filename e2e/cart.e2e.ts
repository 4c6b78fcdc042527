import { type Browser, expect, type Page, test } from '@playwright/test';
import { seriousAccessibilityViolations } from './support/axe';
import { amount, cart } from './support/cart';
import { keepScreenshot } from './support/layout';
import { signIn } from './support/sign-in';
import { catalogue } from './support/storefront';

/** Opens a category and answers the names of its first `count` products. */
async function productsOf(page: Page, category: string, count: number): Promise<string[]> {
  await page.goto('/');
  await catalogue.openCategory(page, category);
  return (await catalogue.productLinks(page).allInnerTexts()).slice(0, count).map((name) => name.trim());
}

/** A cart path of a signed-in user passes the guidance once (spec P§2). */
async function throughGuidance(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/guidance\?redirect=%2Fcart/);
  await expect(page.getByRole('heading', { level: 1, name: 'How ordering works' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to your cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

test('a guest fills a cart, follows a tier, applies a promo code, removes lines and empties it', async ({
  page,
}) => {
  const [first = '', second = ''] = await productsOf(page, 'Flow Cytometry Antibodies', 2);

  // From a product page: its tiers are what the cart must follow.
  await catalogue.productLinks(page).first().click();
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  const tiers = await catalogue.tierPrices(page);
  const nextTier = tiers[1];
  if (!nextTier) throw new Error('the first antibody has one tier only');
  await cart.addFromHere(page, first);
  // From a product card of the list.
  await page.goBack();
  await cart.addFromHere(page, second, 2);

  await cart.open(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(cart.lines(page)).toHaveCount(2);
  expect(await cart.unitPrice(cart.line(page, first))).toBe(tiers[0]?.price);
  await expect.poll(() => cart.storedQuoteId(page)).toBeTruthy();
  const quoteId = await cart.storedQuoteId(page);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Typing the next tier's first quantity reprices the line at that tier, once typing pauses.
  const nextTierStart = Number(nextTier.range.split(/[–+]/)[0]);
  await cart
    .line(page, first)
    .getByRole('textbox', { name: `Quantity of ${first}` })
    .fill(String(nextTierStart));
  await expect.poll(() => cart.unitPrice(cart.line(page, first))).toBe(nextTier.price);
  await expect(cart.line(page, first)).toContainText(`Tier price for ${nextTier.range} units`);
  const lineTotals = await page.getByTestId('line-total').allInnerTexts();
  expect(await cart.total(page, 'subtotal')).toBeCloseTo(
    lineTotals.reduce((sum, text) => sum + amount(text), 0),
    2,
  );
  expect(await page.evaluate((id) => window.localStorage.getItem(`qreset-${id}`), quoteId)).toBe('true');

  // An expired code is refused beside the field; a valid one takes its amount off the total.
  const promo = page.getByRole('textbox', { name: 'Promo code' });
  await promo.fill('SPRING24');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(promo).toHaveAccessibleDescription('SPRING24 is expired.');
  await promo.fill('WELCOME25');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(cart.toasts(page)).toContainText('Promo code WELCOME25 was applied.');
  await expect(page.getByTestId('cart-discount')).toHaveText('−$25.00');
  expect(await cart.total(page, 'total')).toBeCloseTo((await cart.total(page, 'subtotal')) - 25, 2);
  await expect(cart.headerLink(page)).toHaveText(`Cart ${await page.getByTestId('cart-total').innerText()}`);

  // The CSV export holds the lines the cart shows.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^cart-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  const csv = await file.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  expect(csv.split('\r\n')[0]).toMatch(/^SKU,Product,/);
  expect(csv).toContain(first);
  expect(csv).toContain(second);

  await cart
    .line(page, second)
    .getByRole('button', { name: `Remove ${second}` })
    .click();
  await expect(cart.toasts(page)).toContainText('The line was removed from your cart.');
  await expect(cart.lines(page)).toHaveCount(1);
  await cart
    .line(page, first)
    .getByRole('button', { name: `Remove ${first}` })
    .click();
  await expect(cart.emptyHeading(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute(
    'href',
    '/flow-cytometry',
  );
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test("adding from a product page shows the cart's new total without reading the page again", async ({
  page,
}) => {
  const [name = ''] = await productsOf(page, 'Flow Cytometry Antibodies', 1);
  await catalogue.productLinks(page).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(cart.headerLink(page)).toHaveText('Cart');
  // What the browser asks of the server's data from now on (route discovery aside): the cart change only.
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.data') || pathname.startsWith('/api/'))
      asked.push(`${request.method()} ${pathname}`);
  });
  await cart.addFromHere(page, name, 2);
  // The header's total is the repriced cart the action answered.
  await expect(cart.headerLink(page)).toHaveText(/^Cart \$[\d,]+\.\d\d$/);
  expect(asked).toHaveLength(1);
  expect(asked[0]).toMatch(/^POST \/api\/cart(\.data)?$/);
  // The cart page shows that same total.
  const total = amount(await cart.headerLink(page).innerText());
  await cart.open(page);
  expect(await cart.total(page, 'total')).toBe(total);
});

test('a guest cart becomes the cart of the account that signs in', async ({ page }) => {
  const added = await productsOf(page, 'Flow Cytometry Antibodies', 3);
  for (const name of added) await cart.addFromHere(page, name);

  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await signIn.as(page, 'buyer@halvorsen.example');
  await signIn.expectSignedInAs(page, 'buyer@halvorsen.example');
  await cart.open(page);
  await throughGuidance(page);

  // Halvorsen buys from its own catalogue: what it holds moved, the rest is named in a toast.
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  const kept = await page.locator('.cart-line__name').allInnerTexts();
  expect(kept.length).toBeGreaterThan(0);
  const leftOut = added.filter((name) => !kept.includes(name));
  expect([...kept, ...leftOut].sort()).toEqual([...added].sort());

  // A second visit of a cart path no longer stops at the guidance.
  await page.goto('/');
  await cart.open(page);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cart.lines(page)).toHaveCount(kept.length);
});

/** A new browser context of the demo storefront: another visitor, with cookies and storage of its own. */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

test("another principal's cart is refused, and signing out leaves no cart behind", async ({ browser }) => {
  // Two principals, a sign-in and a sign-out: longer than one page's visit on a loaded machine.
  test.slow();
  const buyer = await visitor(browser);
  await signIn.byCookie(buyer, 'manager@halvorsen.example');
  await buyer.goto('/');
  await signIn.expectSignedInAs(buyer, 'manager@halvorsen.example');
  const [product = ''] = await productsOf(buyer, 'Genomics Kits', 1);
  await cart.addFromHere(buyer, product);
  await cart.open(buyer);
  await throughGuidance(buyer);
  await expect(cart.line(buyer, product)).toBeVisible();
  await expect.poll(() => cart.storedQuoteId(buyer)).toBeTruthy();
  const managersQuote = await cart.storedQuoteId(buyer);

  // A guest opening the manager's cart by its id is refused; so is the manager opening a guest's.
  const guest = await visitor(browser);
  await guest.goto(`/cart/${managersQuote}`);
  await expect(guest.getByRole('heading', { level: 1, name: 'This cart is not yours' })).toBeVisible();
  await expect(guest.getByRole('alert')).toHaveText(
    'Access Denied: You do not have permission to view this record.',
  );
  await expect(guest.getByText(product)).toHaveCount(0);
  const [guestProduct = ''] = await productsOf(guest, 'Genomics Kits', 1);
  await cart.addFromHere(guest, guestProduct);
  await cart.open(guest);
  await expect(cart.lines(guest)).toHaveCount(1);
  const guestsQuote = await cart.storedQuoteId(guest);
  await buyer.goto(`/cart?quoteId=${guestsQuote}`);
  await expect(buyer.getByRole('heading', { level: 1, name: 'This cart is not yours' })).toBeVisible();

  // Signing out: the next visitor on this browser sees an empty cart and no stored quote id.
  await signIn.signOut(buyer);
  await signIn.expectGuest(buyer);
  expect(await cart.storedQuoteId(buyer)).toBeNull();
  await cart.open(buyer);
  await expect(cart.emptyHeading(buyer)).toBeVisible();
  await expect(buyer.getByText(product)).toHaveCount(0);
});

test('a cart path naming no quote says so, whatever the id', async ({ page }) => {
  const [product = ''] = await productsOf(page, 'Genomics Kits', 1);
  await cart.addFromHere(page, product);
  for (const id of ['no-such-quote', 'x'.repeat(80)]) {
    await page.goto(`/cart/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Cart not found' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('There is no cart with this id.');
  }
  await page.getByRole('link', { name: 'Go to your cart' }).click();
  await expect(cart.line(page, product)).toBeVisible();
});

test('a cart replaced by a guest cart at sign-in stays listed and can become the cart again', async ({
  page,
}) => {
  // Two sign-ins and three carts.
  test.slow();
  // The user's own cart, made while signed in.
  await signIn.byCookie(page, 'purchasing@halvorsen.example');
  await page.goto('/');
  await signIn.expectSignedInAs(page, 'purchasing@halvorsen.example');
  const [own = ''] = await productsOf(page, 'Genomics Kits', 1);
  await cart.addFromHere(page, own);
  await signIn.signOut(page);
  await signIn.expectGuest(page);

  // As a guest on the same browser, then signing in again: the guest cart is the cart now.
  const [guestProduct = ''] = await productsOf(page, 'Flow Cytometry Antibodies', 1);
  await cart.addFromHere(page, guestProduct);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await signIn.as(page, 'purchasing@halvorsen.example');
  await signIn.expectSignedInAs(page, 'purchasing@halvorsen.example');
  await cart.open(page);
  await throughGuidance(page);
  await expect(cart.line(page, own)).toHaveCount(0);

  const earlier = page.getByRole('region', { name: 'Your earlier carts' });
  // Another list, set apart from the cart's buttons, on a phone too.
  await page.setViewportSize({ width: 390, height: 844 });
  const buttons = await page.locator('.cart__actions').boundingBox();
  const list = await earlier.boundingBox();
  expect((list?.y ?? 0) - ((buttons?.y ?? 0) + (buttons?.height ?? 0))).toBeGreaterThanOrEqual(32);
  await keepScreenshot(page, test.info(), 'earlier-carts-390');
  await page.setViewportSize({ width: 1280, height: 720 });
  await earlier.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/cart\/[\w-]+$/);
  await expect(cart.line(page, own)).toBeVisible();
  await page.getByRole('button', { name: 'Make this my cart' }).click();
  await expect(cart.toasts(page)).toContainText('This quote is your cart again.');
  await page.goto('/cart');
  await expect(cart.line(page, own)).toBeVisible();
});

test.describe('in a German browser', () => {
  test.use({ locale: 'de-DE' });

  test("the cart's columns are labelled in the browser's language", async ({ page }) => {
    const [product = ''] = await productsOf(page, 'Genomics Kits', 1);
    await cart.addFromHere(page, product);
    await cart.open(page);
    const headers = page.getByRole('table').getByRole('columnheader');
    await expect(headers.first()).toHaveText('Produkt');
    await expect(headers.nth(1)).toHaveText('Menge');
    await expect(headers.nth(2)).toHaveText('Stückpreis');
    await expect(headers.nth(3)).toHaveText('Gesamtpreis');
  });
});

test('a buyer starts a new cart after confirming, and the previous one waits among the earlier carts', async ({
  page,
}) => {
  // The Toronto lab's manager: no other browser test uses that contact's cart.
  await signIn.byCookie(page, 'toronto@halvorsen.example');
  await page.goto('/');
  await signIn.expectSignedInAs(page, 'toronto@halvorsen.example');
  const [part = ''] = await productsOf(page, 'Instrument Parts & Accessories', 1);
  await cart.addFromHere(page, part);
  await cart.open(page);
  await throughGuidance(page);
  await expect(cart.line(page, part)).toBeVisible();

  // Asked first; keeping the cart changes nothing and gives the focus back.
  const start = page.getByRole('button', { name: 'Start new cart' });
  await start.click();
  const question = page.getByRole('group', { name: /Start a new, empty cart\?/ });
  await expect(question).toContainText('This cart is kept under Your earlier carts');
  await expect(question.getByRole('button', { name: 'Yes, start a new cart' })).toBeFocused();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await question.getByRole('button', { name: 'Keep this cart' }).click();
  await expect(start).toBeFocused();
  await expect(cart.line(page, part)).toBeVisible();

  await start.click();
  await page.getByRole('button', { name: 'Yes, start a new cart' }).click();
  await expect(cart.toasts(page)).toContainText('A new, empty cart is started.');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('EC_Quote_Id'))).toBeTruthy();

  // The previous cart becomes the cart again from the list.
  const earlier = page.getByRole('region', { name: 'Your earlier carts' });
  await earlier.getByRole('link').first().click();
  await expect(cart.line(page, part)).toBeVisible();
  await page.getByRole('button', { name: 'Make this my cart' }).click();
  await expect(cart.toasts(page)).toContainText('This quote is your cart again.');
  await page.goto('/cart');
  await expect(cart.line(page, part)).toBeVisible();
});
