import { expect, test } from '@playwright/test';
import {
  addFirstOf,
  checkCheckoutLayouts,
  expectConfirmation,
  interactive,
  payByCard,
  step,
  throughCustomForm,
  throughGuestAddress,
} from './support/checkout';

test('a guest checks out as a new buyer with card payment', async ({ page }) => {
  // The account, address, method and payment steps, the provider's page and the order.
  test.slow();
  await addFirstOf(page, 'Flow Cytometry Antibodies');
  await page.goto('/checkout');
  await interactive(page);

  const account = step(page, 'Your account');
  await expect(account.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/login?redirect=%2Fcheckout',
  );
  await expect(account.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    '/login?redirect=%2Fcheckout&signUp=1',
  );
  await expect(step(page, 'Shipping address')).toContainText('Complete the step before this one first.');
  await checkCheckoutLayouts(page, 'guest-account-step');

  // Bad input: every message beside its field, and the focus on the first.
  await account.getByLabel('First name').fill('Ana Maria');
  await account.getByLabel('Email').fill('ana@lumen');
  await account.getByRole('button', { name: 'Continue as a guest' }).click();
  await expect(account.getByText('Company Name is required')).toBeVisible();
  await expect(account.getByText('First Name should not contain space')).toBeVisible();
  await expect(account.getByText('Last Name is required')).toBeVisible();
  await expect(account.getByText('Invalid Email')).toBeVisible();
  await expect(account.getByLabel('Company')).toBeFocused();
  await expect(account.getByLabel('First name')).toHaveAccessibleDescription(
    'First Name should not contain space',
  );
  await checkCheckoutLayouts(page, 'guest-account-errors');

  await account.getByLabel('Company').fill('Lumen Cell Labs');
  await account.getByLabel('First name').fill('Ana');
  await account.getByLabel('Last name').fill('Lima');
  await account.getByLabel('Email').fill('ana.lima@lumen.example');
  await account.getByLabel('Phone').fill('+1 617 555 0100');
  await account.getByRole('button', { name: 'Continue as a guest' }).click();
  await expect(account.getByRole('heading', { name: /Your account \(done\)/ })).toBeVisible();
  await expect(account).toContainText('Buying as Ana Lima, Lumen Cell Labs (ana.lima@lumen.example)');
  await expect(account.getByRole('button', { name: 'Change your account' })).toBeVisible();
  await checkCheckoutLayouts(page, 'guest-account-done');

  // A guest has no address book: a new US address, used for billing too.
  const address = step(page, 'Shipping address');
  await expect(address.getByRole('radio')).toHaveCount(0);
  // The contact starts as the buyer just named.
  await expect(address.getByLabel('First name')).toHaveValue('Ana');
  await expect(address.getByLabel('Last name')).toHaveValue('Lima');
  await expect(address.getByLabel('Email')).toHaveValue('ana.lima@lumen.example');
  await expect(address.getByLabel('Phone')).toHaveValue('+1 617 555 0100');
  await throughGuestAddress(page);

  const method = step(page, 'Shipping method');
  const firstMethod = method.getByRole('radio').first();
  await firstMethod.check();
  const methodLabel = await firstMethod.evaluate((radio: HTMLInputElement) => radio.labels?.[0]?.textContent);
  await method.getByRole('button', { name: 'Use this method' }).click();
  await expect(method.getByRole('heading', { name: /Shipping method \(done\)/ })).toBeVisible();
  await expect(page.getByTestId('summary-tax')).toHaveText(/\$[0-9]/);
  await throughCustomForm(page);

  // The guest account must pay online: an order placed before paying is refused under terms and payment,
  // in the buyer's words (no leading 'ERROR: ', P§8), at the first press (the method was chosen for this cart).
  const terms = step(page, 'Terms and payment');
  const placeOrder = terms.getByRole('button', { name: 'Place order' });
  const refusal = terms.locator('.checkout-step__error');
  await placeOrder.click();
  await expect(refusal).toHaveText('Payment is required. Please pay online before placing the order.');

  // Card on the provider's page.
  await payByCard(page, '4242 4242 4242 4242');
  await expect(terms.getByTestId('payment-state')).toHaveText(/Paid .* ending in 4242/);
  await checkCheckoutLayouts(page, 'guest-paid');

  // One press places the order.
  await placeOrder.click();
  await expectConfirmation(page);
  await expect(page.getByTestId('order-number')).toHaveText(/^SO-\d{4}-\d{6}$/);
  // Where it goes, how and on what terms, as the order's PDF says.
  const delivery = page.getByTestId('order-delivery');
  const shown = (term: string) => delivery.locator('div', { has: page.getByText(term) }).locator('dd');
  await expect(shown('Ship to')).toHaveText('Ana Lima\n1210 Longwood Avenue\nBoston MA 02115\nUS');
  const shownMethod = (await shown('Shipping method').textContent()) ?? '';
  expect(shownMethod).toMatch(/\w \w/);
  expect(methodLabel).toContain(shownMethod);
  await expect(shown('Payment terms')).toHaveText('Payment Required');
  await checkCheckoutLayouts(page, 'guest-order-confirmation');
});
