import { expect, type Page, test } from '@playwright/test';
import { cart } from './support/cart';
import {
  addFirstOf,
  checkCheckoutLayouts,
  expectConfirmation,
  interactive,
  payByCard,
  pressPlaceOrder,
  step,
  throughCustomForm,
  throughGuestBuyer,
  throughMethod,
} from './support/checkout';

// A cart paid by card and changed before the order (docs/decisions/0015-hosted-payments.md): the guest account
// must pay online, so a grown total waits for the difference and a shrunk one is refunded at the order.

/** Back at checkout after changing the cart: the rate is chosen again where the change asked for it. */
async function backAtCheckout(page: Page): Promise<void> {
  await page.goto('/checkout');
  await interactive(page);
  const method = step(page, 'Shipping method');
  if (!(await method.getByRole('heading', { name: /Shipping method \(done\)/ }).isVisible())) {
    await throughMethod(page);
  }
}

test('a guest who adds to a paid cart pays the difference, then the order is placed', async ({ page }) => {
  test.slow();
  await addFirstOf(page, 'Flow Cytometry Antibodies');
  await page.goto('/checkout');
  await interactive(page);
  await throughGuestBuyer(page);
  await throughCustomForm(page);
  await payByCard(page, '4242 4242 4242 4242');
  const terms = step(page, 'Terms and payment');
  await expect(terms.getByTestId('payment-state')).toHaveText(/^Paid \$[\d,.]+ by Visa ending in 4242\.$/);

  await addFirstOf(page, 'Genomics Kits');
  await backAtCheckout(page);
  const state = terms.getByTestId('payment-state');
  await expect(state).toContainText(/is left to pay before you place the order\./);
  const remaining = ((await state.innerText()).match(/(\$[\d,.]+) is left to pay/) ?? [])[1] ?? '';
  await checkCheckoutLayouts(page, 'paid-cart-grown');

  // The order waits for the difference, in words the buyer can act on.
  await pressPlaceOrder(page);
  await expect(terms.locator('.checkout-step__error')).toContainText(
    `The order total changed after your card payment. Please pay the remaining ${remaining} by card to place the order.`,
  );
  await expect(terms.getByRole('button', { name: `Pay the remaining ${remaining} by card` })).toBeVisible();
  await payByCard(page, '5555 5555 5555 4444');
  await expect(terms.getByTestId('payment-state')).toHaveText(
    /^Paid \$[\d,.]+ by card, the last payment by MasterCard ending in 4444\.$/,
  );
  // Paid in full: the page says so where the buyer lands, on the one action left.
  await expect(terms.getByRole('status').filter({ hasText: 'Payment received.' })).toHaveText(
    'Payment received. Place the order to finish.',
  );
  await expect(terms.getByRole('button', { name: 'Place order' })).toBeFocused();
  await checkCheckoutLayouts(page, 'paid-cart-paid');
  await pressPlaceOrder(page);
  await expectConfirmation(page);
});

test('a guest who removes a line from a paid cart is refunded the difference at the order', async ({
  page,
}) => {
  test.slow();
  await addFirstOf(page, 'Flow Cytometry Antibodies');
  await addFirstOf(page, 'Genomics Kits');
  await page.goto('/checkout');
  await interactive(page);
  await throughGuestBuyer(page);
  await throughCustomForm(page);
  await payByCard(page, '4242 4242 4242 4242');

  // From the hydrated checkout, so the cart page takes the click at once.
  await cart.open(page);
  await expect(cart.lines(page)).toHaveCount(2);
  await cart
    .lines(page)
    .last()
    .getByRole('button', { name: /^Remove / })
    .click();
  await expect(cart.toasts(page)).toContainText('The line was removed from your cart.');
  await backAtCheckout(page);
  await expect(step(page, 'Terms and payment').getByTestId('payment-state')).toContainText(
    /paid over it goes back to your card when you place the order\./,
  );
  await checkCheckoutLayouts(page, 'paid-cart-shrunk');
  await pressPlaceOrder(page);
  await expectConfirmation(page);
});
