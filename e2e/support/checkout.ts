import { expect, type Page } from '@playwright/test';
import { cart } from './cart';
import { checkLayouts } from './layout';
import { signIn } from './sign-in';
import { catalogue } from './storefront';

/** The checkout's steps as a buyer works through them, shared by the checkout browser tests. */

export const step = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });

/** The checkout's forms take input once the page has hydrated. */
export async function interactive(page: Page): Promise<void> {
  await expect(page.locator('[data-step]').first()).toBeVisible();
  await expect(page.locator('[data-step][data-interactive="false"]')).toHaveCount(0);
}

/** Adds the first product of a category to the cart. */
export async function addFirstOf(page: Page, category: string): Promise<void> {
  await page.goto('/');
  await catalogue.openCategory(page, category);
  const [name = ''] = (await catalogue.productLinks(page).allInnerTexts()).map((text) => text.trim());
  await cart.addFromHere(page, name);
}

/** Checkout's pages at a desktop and a phone width (see checkLayouts). */
export const checkCheckoutLayouts = (page: Page, name: string) => checkLayouts(page, name, [1280, 390]);

/** Picks the account's address from the book (for a typed contact) and the first rate. */
export async function throughShipping(page: Page): Promise<void> {
  const address = step(page, 'Shipping address');
  await address.getByLabel('First name').fill('Ingrid');
  await address.getByLabel('Last name').fill('Halvorsen');
  await address.getByLabel('Email').fill('ingrid@halvorsen.example');
  await address.getByRole('radio').first().check();
  await expect(address.getByLabel('First name')).toHaveValue('Ingrid');
  await address.getByRole('button', { name: 'Save the address' }).click();
  await expect(address.getByRole('heading', { name: /Shipping address \(done\)/ })).toBeVisible();

  const method = step(page, 'Shipping method');
  const options = method.getByRole('radio');
  await expect(options.first()).toBeVisible();
  await options.first().check();
  await method.getByRole('button', { name: 'Use this method' }).click();
  await expect(method.getByRole('heading', { name: /Shipping method \(done\)/ })).toBeVisible();
}

/** Fills the one required field of the demo checkout's order details and saves them. */
export async function throughCustomForm(page: Page): Promise<void> {
  const details = step(page, 'Order details');
  await details.getByLabel('Lab or cost centre').fill('Flow core CC-4410');
  await expect(details.getByLabel('Lab or cost centre')).toHaveValue('Flow core CC-4410');
  await details.getByRole('button', { name: 'Save order details' }).click();
  // The save and the checkout's reload behind it: on a busy machine (two browsers, two servers) over 5 s.
  await expect(details.getByRole('heading', { name: /Order details \(done\)/ })).toBeVisible({
    timeout: 15_000,
  });
}

/** Saves the account's address from the book for a typed contact. */
export async function throughAddressOnly(page: Page): Promise<void> {
  const address = step(page, 'Shipping address');
  await address.getByLabel('First name').fill('Ingrid');
  await address.getByLabel('Last name').fill('Halvorsen');
  await address.getByLabel('Email').fill('ingrid@halvorsen.example');
  await address.getByRole('radio').first().check();
  await address.getByRole('button', { name: 'Save the address' }).click();
  await expect(address.getByRole('heading', { name: /Shipping address \(done\)/ })).toBeVisible();
}

/** A signed-in Halvorsen user with one product in the cart, on the checkout page. */
export async function atCheckout(page: Page, username: string): Promise<void> {
  await signIn.byCookie(page, username);
  await addFirstOf(page, 'Genomics Kits');
  await page.goto('/checkout');
  await interactive(page);
}

/** Pays on the provider's page with a test card and comes back to the checkout. */
export async function payByCard(page: Page, card: string): Promise<void> {
  await step(page, 'Terms and payment')
    .getByRole('button', { name: /^Pay .* by card$/ })
    .click();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Ingrid Halvorsen');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/checkout/);
  await interactive(page);
}

/**
 * Placing an order commits its tax and renders its PDF before the confirmation shows: more than a click's wait,
 * and on a busy 2-core machine more than 15 s.
 */
export async function expectConfirmation(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible({
    timeout: 30_000,
  });
}

/** A guest of the demo storefront buying as a new company: the account, a US address and the first rate. */
export async function throughGuestBuyer(page: Page): Promise<void> {
  const account = step(page, 'Your account');
  await account.getByLabel('Company').fill('Lumen Cell Labs');
  await account.getByLabel('First name').fill('Ana');
  await account.getByLabel('Last name').fill('Lima');
  await account.getByLabel('Email').fill('ana.lima@lumen.example');
  await account.getByRole('button', { name: 'Continue as a guest' }).click();
  // Makes a prospect account and its contact: more than a click's wait while the other worker renders a PDF.
  await expect(account.getByRole('heading', { name: /Your account \(done\)/ })).toBeVisible({
    timeout: 15_000,
  });
  await throughGuestAddress(page);
  await throughMethod(page);
}

/** A guest has no address book: types the lab's US address, used for billing too, and saves it. */
export async function throughGuestAddress(page: Page): Promise<void> {
  const address = step(page, 'Shipping address');
  await address.getByLabel('Address line 1').fill('1210 Longwood Avenue');
  await address.getByLabel('City').fill('Boston');
  await address.getByLabel('State or province').fill('MA');
  await address.getByLabel('ZIP or postal code').fill('02115');
  await address.getByLabel('Country').fill('US');
  await address.getByRole('button', { name: 'Save the address' }).click();
  await expect(address.getByRole('heading', { name: /Shipping address \(done\)/ })).toBeVisible();
}

/** Chooses the first shipping rate. */
export async function throughMethod(page: Page): Promise<void> {
  const method = step(page, 'Shipping method');
  await method.getByRole('radio').first().check();
  await method.getByRole('button', { name: 'Use this method' }).click();
  await expect(method.getByRole('heading', { name: /Shipping method \(done\)/ })).toBeVisible();
}

/**
 * Presses "Place order" until the CRM answers: the first press after the cart changed restarts the checkout for a
 * second (C§4). Resolves when the confirmation or a refusal under terms and payment shows.
 */
export async function pressPlaceOrder(page: Page): Promise<void> {
  const terms = step(page, 'Terms and payment');
  const answered = page
    .getByRole('heading', { level: 1, name: 'Thank you for your order' })
    .or(terms.locator('.checkout-step__error'));
  await terms.getByRole('button', { name: 'Place order' }).click();
  await expect(answered.or(terms.getByText('restarting checkout'))).toBeVisible({ timeout: 30_000 });
  if (await answered.isVisible()) return;
  await expect(terms).not.toContainText('restarting checkout');
  await terms.getByRole('button', { name: 'Place order' }).click();
  await expect(answered).toBeVisible({ timeout: 30_000 });
}
