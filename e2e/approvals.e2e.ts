import { expect, type Page, test } from '@playwright/test';
import { cart } from './support/cart';
import { atCheckout, step, throughCustomForm, throughMethod, throughShipping } from './support/checkout';
import { checkLayouts } from './support/layout';
import { storefrontPathSentTo } from './support/mailbox';
import { demoUser, signIn } from './support/sign-in';

// Approvals and spending limits (issue 33, docs/decisions/0064-approvals-and-limits.md): the demo's grants buyer
// has a monthly limit the manager sets on /billing/manageusers; an order over it waits on /billing/approvals
// until the manager approves it (placed) or rejects it (the cart is the buyer's again).

// Both tests order as the grants buyer, whose cart is one: they take turns.
test.describe.configure({ mode: 'serial' });

const BUYER = 'grants@halvorsen.example';
const MANAGER = 'manager@halvorsen.example';
const APPROVALS = '/billing/approvals';

/** The manager sets the grants buyer's limit per month on the users page. */
async function setMonthlyLimit(page: Page, amount: string): Promise<void> {
  await signIn.byCookie(page, MANAGER);
  await page.goto('/billing/manageusers');
  const limits = page.getByRole('region', { name: 'Spending limits' });
  await expect(limits).toBeVisible();
  await expect(page.locator('.manage-users[data-interactive="true"]')).toBeVisible();
  const form = limits.getByRole('form', { name: 'Change Elsa Nygaard’s limit' });
  await form.getByLabel('Limit per month').fill(amount);
  await form.getByRole('button', { name: 'Save limit' }).click();
  await expect(form.getByText('Limit saved.')).toBeVisible();
  await expect(limits.getByRole('row', { name: /Elsa Nygaard/ })).toContainText(amount);
}

/** The grants buyer orders one kit on account with a PO number and presses Place order: it waits. */
async function orderOverTheLimit(page: Page, poNumber: string): Promise<void> {
  await atCheckout(page, BUYER);
  const done = (name: string) =>
    step(page, name).getByRole('heading', { name: new RegExp(`^${name} \\(done\\)`) });
  if (await done('Shipping address').isVisible()) {
    if (!(await done('Shipping method').isVisible())) await throughMethod(page);
  } else await throughShipping(page);
  if (!(await done('Order details').isVisible())) await throughCustomForm(page);
  const terms = step(page, 'Terms and payment');
  // The buyer sees their month against the limit before they press Place order.
  await expect(terms.getByRole('region', { name: 'Your spending limit' })).toContainText('monthly limit');
  await terms.getByLabel('PO number').fill(poNumber);
  await terms.getByLabel('PO number').blur();
  await expect(terms.getByText(`PO number ${poNumber} is saved on the order.`)).toBeVisible();
  await terms.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(new RegExp(`${APPROVALS}\\?awaiting=1$`), { timeout: 30_000 });
  await expect(page.getByText('Your order was not placed yet: it awaits approval.')).toBeVisible();
  const mine = page.getByRole('region', { name: 'My requests' });
  const request = mine.getByRole('article').first();
  await expect(request).toContainText('Awaiting approval');
  await expect(request).toContainText('Ingrid Halvorsen');
  await expect(request).toContainText(/Over the monthly limit of \$10\.00/);
  await expect(request).toContainText(poNumber);
}

/** The manager opens the mail's link in a browser of their own, signs in, and lands on the request. */
async function openFromMail(page: Page, poNumber: string): Promise<string> {
  const path = await storefrontPathSentTo(MANAGER, /^Approval requested: Elsa Nygaard/);
  expect(path).toMatch(/^\/billing\/approvals\/[\w-]+$/);
  await page.goto(path);
  await signIn.withPassword(page, MANAGER, demoUser(MANAGER).password);
  await expect(page).toHaveURL(new RegExp(`${path}$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Approval request' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText(poNumber);
  return path;
}

test('an order over the buyer’s monthly limit waits, the manager approves it from the mail’s link and it is placed', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await setMonthlyLimit(page, '10.00');
  await checkLayouts(page, 'manage-users-limits');

  const poNumber = `GRANT-${Date.now()}`;
  await page.context().clearCookies();
  await orderOverTheLimit(page, poNumber);

  const manager = await browser.newPage();
  const path = await openFromMail(manager, poNumber);
  // The approvals page lists it to approve, with why and its lines.
  await manager.goto(APPROVALS);
  const waiting = manager
    .getByRole('region', { name: 'To approve' })
    .getByRole('article')
    .filter({ hasText: poNumber });
  await expect(waiting).toContainText('Over the monthly limit of $10.00');
  await expect(waiting.getByRole('button', { name: 'Approve' })).toBeVisible();
  await checkLayouts(manager, 'approvals');
  await manager.goto(path);
  await manager.getByLabel(/^Comment for Elsa Nygaard/).fill('Approved for the grant');
  await manager.getByRole('button', { name: 'Approve' }).click();
  await expect(manager.getByText('You approved the order; it is placed.')).toBeVisible({ timeout: 30_000 });
  await expect(manager.getByRole('article')).toContainText('Approved and placed');
  await manager.close();

  // The buyer's request leads to the order it became.
  await page.goto(APPROVALS);
  const request = page
    .getByRole('region', { name: 'My requests' })
    .getByRole('article')
    .filter({ hasText: poNumber });
  await expect(request).toContainText('Approved and placed');
  await expect(request).toContainText('Approved for the grant');
  await request.getByRole('link', { name: /^order SO-/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order SO-/ })).toBeVisible();
});

test('a rejected order comes back to the buyer’s cart with the approver’s comment', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await setMonthlyLimit(page, '10.00');
  await page.context().clearCookies();
  const poNumber = `GRANT-R-${Date.now()}`;
  await orderOverTheLimit(page, poNumber);

  const manager = await browser.newPage();
  await openFromMail(manager, poNumber);
  await manager.getByLabel(/^Comment for Elsa Nygaard/).fill('Use the smaller kit');
  await manager.getByRole('button', { name: 'Reject' }).click();
  await expect(manager.getByText('You rejected the order; it is its buyer’s cart again.')).toBeVisible();
  await manager.close();

  await page.goto(APPROVALS);
  const request = page
    .getByRole('region', { name: 'My requests' })
    .getByRole('article')
    .filter({ hasText: poNumber });
  await expect(request).toContainText('Rejected');
  await expect(request).toContainText('Use the smaller kit');
  await request.getByRole('link', { name: 'go to your cart' }).click();
  // A user's first visit to the cart passes the storefront's guidance page.
  const guidance = page.getByRole('button', { name: 'Continue to your cart' });
  await expect(guidance.or(page.getByRole('heading', { level: 1, name: /cart/i }))).toBeVisible();
  if (await guidance.isVisible()) await guidance.click();
  await expect(page).toHaveURL(/\/cart$/);
  // The order's lines are the cart's again, their quantities editable.
  await expect(page.getByRole('textbox', { name: /^Quantity of / }).first()).toBeEditable();
  await expect(cart.headerLink(page)).toContainText(/\$/);
});
