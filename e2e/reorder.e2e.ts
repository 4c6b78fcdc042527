import { expect, type Locator, type Page, test } from '@playwright/test';
import { amount, cart } from './support/cart';
import { checkLayouts } from './support/layout';
import { signIn } from './support/sign-in';

// Reorder (docs/decisions/0061-reorder.md): the demo's past order of Halvorsen's buyer, a CD4 panel whose
// lyophilised antibody the catalogue has discontinued for the liquid one and whose setup beads cost less then.

const ORDER = 'SO-2025-900417';
const DISCONTINUED = 'FCA-10010-L';
const REPLACEMENT = { sku: 'FCA-10010', name: 'CD4 Monoclonal Antibody (RPA-T4), PE' };
const AS_IT_WAS = { sku: 'FCA-10011', name: 'CD4 Monoclonal Antibody (RPA-T4), APC' };
const REPRICED = { sku: 'FCR-10033', name: 'Cytometer Setup & Tracking Beads' };

const row = (page: Page, sku: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: sku, exact: true }) });
const cell = (line: Locator, label: string) => line.locator(`[data-label="${label}"]`);
const price = async (line: Locator, label: string) => amount(await cell(line, label).innerText());

test('a buyer reorders an order with one discontinued line and takes the replacement', async ({ page }) => {
  await signIn.byCookie(page, 'buyer@halvorsen.example');
  await page.goto(`/billing/orders/${ORDER}`);
  await page.getByRole('link', { name: 'Reorder' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Reorder ${ORDER}` })).toBeVisible();

  // Each line says whether it can be ordered today; the discontinued one why not, and offers its replacement.
  const discontinued = row(page, DISCONTINUED);
  await expect(cell(discontinued, 'Can it be ordered?')).toContainText(
    `${DISCONTINUED} is no longer made; order its replacement ${REPLACEMENT.sku} instead.`,
  );
  await expect(discontinued.getByRole('checkbox', { name: /^Add / })).toHaveCount(0);
  const take = discontinued.getByRole('checkbox', {
    name: new RegExp(`^Take the replacement ${REPLACEMENT.sku}`),
  });
  const replacementPrice = amount(
    (await discontinued.locator('.reorder-row__replacement').innerText()).replace(/^.* at /s, ''),
  );
  expect(replacementPrice).toBeGreaterThan(0);

  // Today's price beside the ordered one, the change said in words.
  const repriced = row(page, REPRICED.sku);
  await expect(cell(repriced, 'Today')).toContainText('Price changed');
  const beadsToday = await price(repriced, 'Today');
  expect(beadsToday).toBeGreaterThan(await price(repriced, 'Ordered at'));
  const same = row(page, AS_IT_WAS.sku);
  await expect(cell(same, 'Today')).not.toContainText('Price changed');
  const antibodyToday = await price(same, 'Today');
  expect(antibodyToday).toBe(await price(same, 'Ordered at'));
  await expect(same.getByRole('checkbox', { name: `Add ${AS_IT_WAS.sku} ${AS_IT_WAS.name}` })).toBeChecked();

  await checkLayouts(page, 'reorder');

  // One click takes the replacement; every line then goes in at once.
  await take.check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const added = page.getByRole('status').filter({ hasText: 'Added to your cart' });
  await expect(added).toContainText(`2 × ${REPLACEMENT.sku} ${REPLACEMENT.name} at`);
  await expect(added).toContainText(`2 × ${AS_IT_WAS.sku} ${AS_IT_WAS.name} at`);
  await expect(added).toContainText(`1 × ${REPRICED.sku} ${REPRICED.name} at`);
  await expect(added.getByRole('heading', { name: 'Added to your cart' })).toBeFocused();
  await checkLayouts(page, 'reorder-added');

  await added.getByRole('link', { name: 'Go to cart' }).click();
  // A browser's first cart shows how ordering works first.
  const guidance = page.getByRole('button', { name: 'Continue to your cart' });
  const yourCart = page.getByRole('heading', { level: 1, name: 'Your cart' });
  await expect(guidance.or(yourCart)).toBeVisible();
  if (await guidance.isVisible()) await guidance.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  // The replacement and the lines as they can be ordered today, at the prices the reorder showed.
  for (const [product, qty, unitPrice] of [
    [REPLACEMENT.name, 2, replacementPrice],
    [AS_IT_WAS.name, 2, antibodyToday],
    [REPRICED.name, 1, beadsToday],
  ] as const) {
    const line = cart.line(page, product);
    await expect(line.getByRole('textbox', { name: `Quantity of ${product}` })).toHaveValue(String(qty));
    expect(await cart.unitPrice(line)).toBe(unitPrice);
  }
  await expect(page.getByText('CD4 Monoclonal Antibody (RPA-T4), PE, lyophilised')).toHaveCount(0);
});
