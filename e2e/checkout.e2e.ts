import { expect, type Page, test } from '@playwright/test';
import { seriousAccessibilityViolations } from './support/axe';
import { cart } from './support/cart';
import { horizontalOverflow, keepScreenshot } from './support/layout';
import { signIn } from './support/sign-in';
import { catalogue } from './support/storefront';

const step = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });

/** Adds the first product of a category to the cart. */
async function addFirstOf(page: Page, category: string): Promise<void> {
  await page.goto('/');
  await catalogue.openCategory(page, category);
  const [name = ''] = (await catalogue.productLinks(page).allInnerTexts()).map((text) => text.trim());
  await cart.addFromHere(page, name);
}

/** No serious accessibility violation and no sideways scrolling, at desktop and phone widths. */
async function checkLayouts(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, test.info(), `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a guest reaches checkout from the cart and starts with the account step', async ({ page }) => {
  await addFirstOf(page, 'Flow Cytometry Antibodies');
  await cart.open(page);
  await page.getByRole('link', { name: 'Check out' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(step(page, 'Your account').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(step(page, 'Shipping address')).toContainText('Complete the step before this one first.');
  await expect(page.getByRole('region', { name: 'Order summary' })).toBeVisible();
  await checkLayouts(page, 'checkout-guest');
});

test('an empty cart offers no checkout', async ({ page }) => {
  await page.goto('/cart');
  await expect(cart.emptyHeading(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Check out' })).toHaveCount(0);
});

test('a signed-in buyer picks an address from the book, then a shipping method, and sees the tax', async ({
  page,
}) => {
  await page.goto('/login');
  await signIn.as(page, 'buyer@halvorsen.example');
  await addFirstOf(page, 'Genomics Kits');
  await page.goto('/checkout');
  const address = step(page, 'Shipping address');
  await expect(address).toBeVisible();

  // A new address with bad input: every message beside its field, and the focus on the first.
  await address.getByLabel('A new address').check();
  await address.getByLabel('First name').fill('Ann Marie');
  await address.getByLabel('Email').fill('not-an-email');
  await address.getByLabel('Country').fill('Atlantis');
  await address.getByRole('button', { name: 'Save the address' }).click();
  await expect(address.getByText('First Name should not contain space')).toBeVisible();
  await expect(address.getByText('Invalid Email')).toBeVisible();
  await expect(address.getByText('Please enter valid Country.')).toBeVisible();
  await expect(address.getByLabel('First name')).toBeFocused();
  await expect(address.getByLabel('First name')).toHaveAccessibleDescription(
    'First Name should not contain space',
  );
  await address.getByLabel('Country').fill('usa');
  await address.getByLabel('State or province').fill('Atlantis');
  await address.getByRole('button', { name: 'Save the address' }).click();
  await expect(address.getByText('Please enter valid US State.')).toBeVisible();
  await checkLayouts(page, 'checkout-address-errors');

  // The account's address from the book, for the contact typed.
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
  await expect(page.getByTestId('summary-shipping')).not.toHaveText('$0.00');
  await expect(page.getByTestId('summary-tax')).toHaveText(/\$[0-9]/);
  await expect(step(page, 'Terms and payment').getByRole('button', { name: 'Place order' })).toBeEnabled();
  await checkLayouts(page, 'checkout-signed-in');
});
