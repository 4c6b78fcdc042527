import { expect, type Page, test } from '@playwright/test';
import { seriousAccessibilityViolations } from './support/axe';
import { cart } from './support/cart';
import { guestCrmCall } from './support/gateway';
import { signIn } from './support/sign-in';
import { catalogue } from './support/storefront';

const ANTIBODIES = 'Flow Cytometry Antibodies';
const BUYER = 'buyer@halvorsen.example';

async function signInAs(page: Page, username: string): Promise<void> {
  await signIn.byCookie(page, username);
  await page.goto('/');
  await signIn.expectSignedInAs(page, username);
}

/** A guest's cart holding the first antibody of the catalogue, opened at /cart. */
async function cartWithAnAntibody(page: Page): Promise<void> {
  await page.goto('/');
  await catalogue.openCategory(page, ANTIBODIES);
  const name = (await catalogue.productLinks(page).first().innerText()).trim();
  await cart.addFromHere(page, name);
  await cart.open(page);
  await expect(cart.lines(page)).toHaveCount(1);
}

/** What the browser reports as failing while `run` runs: console errors and answers of 400 or more. */
async function failuresDuring(page: Page, run: () => Promise<void>): Promise<string[]> {
  const failures: string[] = [];
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  };
  const onResponse = (response: { status(): number; url(): string }) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  };
  page.on('console', onConsole);
  page.on('response', onResponse);
  try {
    await run();
  } finally {
    page.off('console', onConsole);
    page.off('response', onResponse);
  }
  return failures;
}

test('a category page is titled and headed by its category', async ({ page }) => {
  await page.goto('/');
  await catalogue.openCategory(page, ANTIBODIES);
  await expect(page).toHaveTitle(new RegExp(`^${ANTIBODIES} \\| `));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ANTIBODIES);
  // Opened directly by its address, too.
  await page.reload();
  await expect(page).toHaveTitle(new RegExp(`^${ANTIBODIES} \\| `));
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test('a category link names the category so that it still finds it after signing in', async ({ page }) => {
  await page.goto('/');
  await catalogue.openCategory(page, ANTIBODIES);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await signIn.as(page, BUYER);
  await signIn.expectSignedInAs(page, BUYER);
  await expect(page).toHaveURL(/\/category\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ANTIBODIES);
  await expect(catalogue.resultCount(page)).toBeVisible();
});

test('an unknown category, or one of another catalogue, is the 404 page with status 404', async ({
  page,
}) => {
  const unknown = await page.goto('/category/does-not-exist');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('No products match these filters.')).toHaveCount(0);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Halvorsen's catalogue is its own: the guest catalogue's category ids name nothing in it.
  const guest = await guestCrmCall<{ categories: { id: string; name: string }[] }>(
    page.request,
    'getEcatalogDetails',
    'POST',
    {},
  );
  const [category] = guest.content.categories;
  if (!category) throw new Error('the guest catalogue has no categories');
  expect((await page.goto(`/category/${category.id}`))?.status()).toBe(200);
  await signInAs(page, BUYER);
  const foreign = await page.goto(`/category/${category.id}`);
  expect(foreign?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
});

test('a refused promo code is said beside the field, keeps what was typed, and is no failed request', async ({
  page,
}) => {
  await cartWithAnAntibody(page);
  const promo = page.getByRole('textbox', { name: 'Promo code' });
  const failures = await failuresDuring(page, async () => {
    await promo.fill('SPRING24');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(promo).toHaveAttribute('aria-invalid', 'true');
  });
  expect(failures).toEqual([]);
  await expect(promo).toHaveAccessibleDescription('SPRING24 is expired.');
  await expect(promo).toHaveValue('SPRING24');
  await expect(cart.toasts(page)).not.toContainText('SPRING24 is expired.');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Corrected, the problem goes and the code applies.
  await promo.fill('WELCOME25');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('cart-discount')).toHaveText('−$25.00');
  await expect(promo).not.toHaveAttribute('aria-invalid', 'true');
  await expect(promo).toHaveValue('');
});

test('an applied promo code is replaced by another, and removed: the totals follow', async ({ page }) => {
  await cartWithAnAntibody(page);
  const subtotal = await cart.total(page, 'subtotal');
  const promo = page.getByRole('textbox', { name: 'Promo code' });
  await promo.fill('WELCOME25');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('cart-discount')).toHaveText('−$25.00');

  // FLOW10 replaces WELCOME25: 10 % off the antibody instead of $25 off the cart.
  await expect(promo).toHaveAccessibleDescription('Applying another code replaces WELCOME25.');
  await promo.fill('FLOW10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(cart.toasts(page)).toContainText('Promo code FLOW10 was applied.');
  await expect(page.getByText('Discount (FLOW10)')).toBeVisible();
  await expect.poll(() => cart.total(page, 'discount')).toBeCloseTo(subtotal / 10, 2);
  expect(await cart.total(page, 'total')).toBeCloseTo(subtotal - subtotal / 10, 2);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Remove promo code FLOW10' }).click();
  await expect(cart.toasts(page)).toContainText('Promo code FLOW10 was removed.');
  await expect(page.getByTestId('cart-discount')).toHaveCount(0);
  expect(await cart.total(page, 'total')).toBe(subtotal);
  await expect(page.getByRole('button', { name: /^Remove promo code/ })).toHaveCount(0);
});

test('the home page asks guests to sign in, never a signed-in user', async ({ page }) => {
  const main = page.getByRole('main');
  await page.goto('/');
  await expect(main.getByText(/sign in/i).first()).toBeVisible();

  await signInAs(page, BUYER);
  await page.goto('/');
  await expect(main.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();
  await expect(page.getByText(/sign in/i)).toHaveCount(0);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test("the guidance page's button sits in the content column and goes on to the cart", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, BUYER);
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/guidance\?redirect=%2Fcart/);
  const heading = page.getByRole('heading', { level: 1, name: 'How ordering works' });
  const button = page.getByRole('button', { name: 'Continue to your cart' });
  const [text, action] = [await heading.boundingBox(), await button.boundingBox()];
  if (!text || !action) throw new Error('the guidance shows no heading or button');
  // The content column is narrower than the window here: the button starts where its text starts.
  expect(text.x).toBeGreaterThan(0);
  expect(action.x).toBeCloseTo(text.x, 0);
  await expect(page.getByRole('main')).not.toContainText(/checkout/i);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await button.click();
  await expect(page).toHaveURL(/\/cart$/);
});

test('the home hero image loads at once with high priority; later images stay lazy', async ({ page }) => {
  await page.goto('/');
  const hero = page.getByRole('img', { name: 'A benchtop flow cytometer' });
  await expect(hero).toHaveAttribute('loading', 'eager');
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  // The product pictures further down wait until they near the screen.
  await expect(page.locator('main img:not([loading="lazy"])')).toHaveCount(1);
  expect(await page.locator('main img[loading="lazy"]').count()).toBeGreaterThan(0);
});

test('at 768 px the quantity editor keeps − input + on one line', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await cartWithAnAntibody(page);
  const line = cart.lines(page).first();
  const parts = [
    line.getByRole('button', { name: /^Decrease quantity of / }),
    line.getByRole('textbox', { name: /^Quantity of / }),
    line.getByRole('button', { name: /^Increase quantity of / }),
  ];
  const boxes = await Promise.all(parts.map((part) => part.boundingBox()));
  const [minus, input, plus] = boxes;
  if (!minus || !input || !plus) throw new Error('the quantity editor is not shown');
  const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
  expect(middle(input)).toBeCloseTo(middle(minus), 0);
  expect(middle(plus)).toBeCloseTo(middle(minus), 0);
  expect(input.x).toBeGreaterThan(minus.x);
  expect(plus.x).toBeGreaterThan(input.x);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});
