import { expect, type Page, test } from '@playwright/test';
import {
  atCheckout,
  expectConfirmation,
  interactive,
  pressPlaceOrder,
  step,
  throughCustomForm,
  throughMethod,
  throughShipping,
} from './support/checkout';
import { checkLayouts } from './support/layout';
import { signIn } from './support/sign-in';

// Cost centres and grant codes (docs/decisions/0063-cost-centres.md): Halvorsen's manager keeps them at
// /billing/costcentres; a buyer charges the order to one at checkout, and Place order refuses one that has
// expired since it was chosen.

const PAGE = '/billing/costcentres';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const row = (page: Page, code: string) =>
  page
    .locator('.data-table tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: code, exact: true }) });
const cell = (page: Page, code: string, label: string) => row(page, code).locator(`[data-label="${label}"]`);

test('a manager adds a grant code; at checkout a code that expired is refused saying so, a valid one is charged and the order names it', async ({
  page,
  browser,
}) => {
  // Two signed-in users, checkout's steps, an order placed and six layouts checked.
  test.setTimeout(240_000);
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await signIn.byCookie(page, 'manager@halvorsen.example');
  await page.goto('/billing/account');
  await page
    .getByRole('navigation', { name: 'Your account' })
    .getByRole('link', { name: 'Cost centres' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cost centres and grant codes' })).toBeVisible();
  // The demo's codes in each state, with what they may still spend.
  await expect(cell(page, 'G-2024-17', 'Status')).toHaveText('Expired');
  await expect(cell(page, 'HRI-CC-3900', 'Status')).toHaveText('Inactive');
  await expect(cell(page, 'HRI-CC-4100', 'Status')).toHaveText('Active');
  await expect(cell(page, 'HRI-CC-4100', 'Owner')).toHaveText('Ingrid Halvorsen');
  await expect(cell(page, 'HRI-CC-4100', 'Remaining')).toHaveText('$25,000.00');
  await expect(cell(page, 'HRI-OPS', 'Budget')).toHaveText('No limit');

  // A code the account has already is refused beside its field; a new one is added.
  const form = page.getByRole('region', { name: 'Add a cost centre or grant code' });
  await form.getByLabel('Code').fill('hri-ops');
  await form.getByLabel('Name').fill('Twice');
  await form.getByRole('button', { name: 'Add code' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'This account already has a cost centre or grant code with this code.',
  );
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Name').fill('Sequencing run grant');
  await form.getByLabel('Owner').selectOption({ label: 'Ingrid Halvorsen' });
  await form.getByLabel('Budget (USD)').fill('1,500');
  await form.getByLabel('Valid until').fill(day(30));
  await form.getByRole('button', { name: 'Add code' }).click();
  await expect(page.getByRole('status')).toHaveText(`${code} is saved.`);
  // The form is ready for the next code.
  await expect(form.getByLabel('Code')).toHaveValue('');
  await expect(cell(page, code, 'Status')).toHaveText('Active');
  await expect(cell(page, code, 'Budget')).toHaveText('$1,500.00');
  await checkLayouts(page, 'cost-centres');

  // A buyer charges their order to the new code; the expired grant is not offered.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await atCheckout(buyer, 'purchasing@halvorsen.example');
  const done = (name: string) =>
    step(buyer, name).getByRole('heading', { name: new RegExp(`^${name} \\(done\\)`) });
  if (await done('Shipping address').isVisible()) {
    if (!(await done('Shipping method').isVisible())) await throughMethod(buyer);
  } else await throughShipping(buyer);
  if (!(await done('Order details').isVisible())) await throughCustomForm(buyer);
  const terms = step(buyer, 'Terms and payment');
  const poNumber = `PO-CC-${Date.now()}`;
  await terms.getByLabel('PO number').fill(poNumber);
  await terms.getByLabel('PO number').blur();
  await expect(terms.getByText(`PO number ${poNumber} is saved on the order.`)).toBeVisible();
  const choice = terms.getByLabel('Cost centre or grant code (optional)');
  await expect(choice.locator('option', { hasText: 'G-2024-17' })).toHaveCount(0);
  await expect(choice.locator('option', { hasText: 'HRI-CC-3900' })).toHaveCount(0);
  await choice.selectOption({ label: `${code} – Sequencing run grant` });
  await expect(terms.getByText(new RegExp(`^${code} is saved on the order; valid until`))).toBeVisible();
  await terms.getByText(`${code} is saved on the order`).scrollIntoViewIfNeeded();
  await checkLayouts(buyer, 'checkout-cost-centre');

  // The grant ends before the order is placed: Place order refuses it, saying when it expired.
  await page.getByRole('link', { name: `Edit ${code}` }).click();
  const editor = page.getByRole('region', { name: `Edit ${code}` });
  await editor.getByLabel('Valid until').fill(day(-1));
  await editor.getByRole('button', { name: `Save ${code}` }).click();
  await expect(cell(page, code, 'Status')).toHaveText('Expired');
  const refusal = `${code} (Sequencing run grant) expired on ${day(-1)}. Choose another code.`;
  await pressPlaceOrder(buyer);
  await expect(terms.locator('.checkout-step__error')).toContainText(refusal);
  await expect(buyer.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toHaveCount(0);
  // After a reload the step still says why the chosen code cannot be charged.
  await buyer.reload();
  await expect(terms.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
  // A choice made before the reloaded page hydrates is set back by it.
  await interactive(buyer);

  // A valid code is taken and the order goes through, naming it on its page.
  await terms
    .getByLabel('Cost centre or grant code (optional)')
    .selectOption({ label: 'HRI-OPS – Lab operations' });
  await expect(terms.getByText(/^HRI-OPS is saved on the order/)).toBeVisible();
  await pressPlaceOrder(buyer);
  await expectConfirmation(buyer);
  await buyer.getByRole('link', { name: 'Track this order' }).click();
  const fact = buyer
    .locator('.record-facts')
    .first()
    .getByRole('term')
    .filter({ hasText: /^Cost centre \/ grant$/ })
    .locator('xpath=following-sibling::dd');
  await expect(fact).toHaveText('HRI-OPS – Lab operations');
  const orderNumber = (await buyer.getByRole('heading', { level: 1 }).innerText())
    .replace(/^Order /, '')
    .trim();
  await buyerContext.close();

  // The manager sees what HRI-OPS has spent, and the orders it is made of.
  await page.goto(PAGE);
  await cell(page, 'HRI-OPS', 'Spent')
    .getByRole('link', { name: /orders charged to HRI-OPS/ })
    .click();
  await expect(page).toHaveURL(/\/billing\/orders\?costCentre=HRI-OPS$/);
  await expect(page.locator('.data-table tbody tr')).toHaveCount(1);
  await expect(page.locator('.data-table tbody tr').first()).toContainText(orderNumber);
});

test('a portal user reads the codes they can charge but cannot change them', async ({ page }) => {
  await signIn.byCookie(page, 'buyer@halvorsen.example');
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Cost centres and grant codes' })).toBeVisible();
  await expect(cell(page, 'HRI-OPS', 'Status')).toHaveText('Active');
  await expect(row(page, 'G-2024-17')).toHaveCount(0);
  await expect(row(page, 'HRI-CC-3900')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Add a cost centre or grant code' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Deactivate/ })).toHaveCount(0);
  // A change posted by hand is refused by the gateway: only managers may.
  const posted = await page.request.post(PAGE, {
    form: { intent: 'settings', required: 'on' },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(403);
  expect(await posted.text()).toContain('Only your account’s managers can change');
});
