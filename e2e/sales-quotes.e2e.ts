import { expect, test } from '@playwright/test';
import { checkLayouts } from './support/layout';
import { signIn } from './support/sign-in';

// Marlowe's account manager prepared quote SQ-2026-0431 for the sequencer (docs/decisions/0038). Taking it
// replaces the buyer's cart, so only this test takes it. The address book's checkout test adds a genomics kit
// to Marlowe's cart at the same time: whichever cart it finds then holds cold-chain kits, all that test needs.
const USER = 'buyer@marlowe.example';
const LINES = [
  'On-Site Installation and Operator Training',
  'NGS Library Prep Kit, 96 reactions',
  'Library Quantification Kit',
  'PCR Clean-Up Magnetic Beads, 60 mL',
];

test('a buyer reviews the quote sales prepared, line by line, and takes it as the cart', async ({ page }) => {
  await signIn.byCookie(page, USER);
  await page.goto('/billing/quotes');
  await expect(page.getByRole('link', { name: /^SQ-2026-0431: / })).toBeVisible();
  // The first visit to the cart passes the ordering guidance once.
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Continue to your cart' }).click();
  const notice = page.getByRole('complementary', { name: 'Quotes from your account manager' });
  await expect(notice).toContainText('Elena Marsh prepared a quote for your account, valid until');
  await notice.getByRole('link', { name: 'Review quote SQ-2026-0431' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: /^SQ-2026-0431: Sequencer NGS-2022-00354/ }),
  ).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  // A header row, one row per line, the subtotal.
  await expect(rows).toHaveCount(LINES.length + 2);
  for (const [index, name] of LINES.entries()) await expect(rows.nth(index + 1)).toContainText(name);
  // Each agreed price is below the list price it shows beside it.
  const training = rows.nth(1).getByRole('cell');
  const money = async (cell: number) => Number((await training.nth(cell).innerText()).replace(/[^\d.]/g, ''));
  expect(await money(2)).toBeLessThan(await money(1));
  await expect(page.getByText('Operator retraining on NGS-2022-00354, up to six people.')).toBeVisible();
  await checkLayouts(page, 'sales-quote');

  await page.getByRole('button', { name: 'Use this quote as my cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const cartRows = page.locator('.cart__table tbody tr');
  await expect(cartRows).toHaveCount(LINES.length);
  for (const name of LINES) await expect(page.locator('.cart__table')).toContainText(name);
  await expect(notice).toHaveCount(0);
  await checkLayouts(page, 'cart-from-sales-quote');

  // Taken once: the quote leaves the list, and its page says it became a cart.
  await page.goto('/billing/quotes');
  await expect(page.getByText('There are no open quotes for your account.')).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(page.getByText('This quote has been used as a cart.')).toBeVisible();
});

test('the quotes list shows each open quote with its figures', async ({ page }) => {
  await signIn.byCookie(page, 'purchasing@halvorsen.example');
  await page.goto('/billing/quotes');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Quotes from your account manager' }),
  ).toBeVisible();
  const quote = page.getByRole('listitem').filter({ hasText: 'SQ-2026-0412' });
  await expect(quote).toContainText('From Elena Marsh');
  await expect(quote).toContainText('6 lines');
  // The renewal that expired in the spring is not offered any more.
  await expect(page.getByText('SQ-2026-0187')).toHaveCount(0);
  await checkLayouts(page, 'sales-quotes-list');
});
