import { expect, type Page, test } from '@playwright/test';
import { checkLayouts } from './support/layout';
import { signIn } from './support/sign-in';

// Saved payment methods (issue 13, docs/decisions/0030): Halvorsen starts with two demo cards, a Visa (the
// default) and a MasterCard; a card is added on the provider's hosted page and only its token comes back.

const PAGE = '/billing/paymentmethods';

const savedCard = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });
const savedCards = (page: Page) => page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem');

async function openAs(page: Page, username: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(PAGE)}`);
  await signIn.as(page, username);
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment methods' })).toBeVisible();
}

/** Adds a card on the provider's page and comes back to the list. */
async function addCard(page: Page, card: { number: string; cvc: string }) {
  await page.getByRole('button', { name: 'Add a card' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Save a card with / })).toBeVisible();
  // The provider's page names no amount: nothing is charged.
  await expect(page.getByText('Nothing is charged now')).toBeVisible();
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel('Expiry date (MM/YY)').fill('11/34');
  await page.getByLabel('Security code (CVC)').fill(card.cvc);
  await page.getByLabel('Name on card').fill('Ingrid Halvorsen');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}\\?payment_request=`));
}

test('a buyer adds a card through the hosted page, sees it with its brand, makes it default and removes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openAs(page, 'purchasing@halvorsen.example');
  await expect(savedCards(page)).toHaveCount(2);
  const visa = savedCard(page, 'Visa •••• 4242');
  await expect(visa.getByText('Default', { exact: true })).toBeVisible();
  await expect(visa.getByText('Expires 08/2029')).toBeVisible();
  await expect(page.getByText('4242424242424242')).toHaveCount(0);
  await checkLayouts(page, 'payment-methods');

  await addCard(page, { number: '3566 0020 2036 0505', cvc: '123' });
  await expect(page.getByText('Your card has been saved.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  const jcb = savedCard(page, 'JCB •••• 0505');
  await expect(jcb.getByText('Expires 11/2034')).toBeVisible();
  await expect(jcb.getByText('Default', { exact: true })).toHaveCount(0);
  await expect(savedCards(page)).toHaveCount(3);

  await jcb.getByRole('button', { name: 'Make default: JCB •••• 0505' }).click();
  await expect(page.getByText('JCB •••• 0505 is now your default card.')).toBeVisible();
  await expect(savedCards(page).first()).toHaveAccessibleName('JCB •••• 0505');
  await expect(savedCard(page, 'JCB •••• 0505').getByText('Default', { exact: true })).toBeVisible();
  await expect(savedCard(page, 'Visa •••• 4242').getByText('Default', { exact: true })).toHaveCount(0);

  // Removing asks first; keeping the card changes nothing.
  const remove = page.getByRole('button', { name: 'Remove JCB •••• 0505' });
  const confirm = page.getByRole('group', { name: 'Remove JCB •••• 0505?' });
  await expect(async () => {
    if (!(await confirm.isVisible())) await remove.click();
    await expect(confirm).toBeVisible({ timeout: 500 });
  }).toPass();
  // A toast fading in is checked mid-fade; the page is what this check is for, so the toasts go first.
  const dismiss = page.locator('.toast__dismiss');
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  await checkLayouts(page, 'payment-methods-confirm-remove');
  await confirm.getByRole('button', { name: 'Keep card' }).click();
  await expect(savedCards(page)).toHaveCount(3);
  await remove.click();
  await confirm.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByText('The card has been removed.')).toBeVisible();
  await expect(savedCards(page)).toHaveCount(2);
  await expect(savedCard(page, 'JCB •••• 0505')).toHaveCount(0);
  // The newest remaining card became the default.
  await expect(savedCards(page).filter({ has: page.getByText('Default', { exact: true }) })).toHaveCount(1);
});

test('a card the provider declines is not saved, and the buyer is told so', async ({ page }) => {
  test.setTimeout(90_000);
  await openAs(page, 'buyer@halvorsen.example');
  const before = await savedCards(page).count();
  await addCard(page, { number: '4000 0000 0000 0002', cvc: '123' });
  await expect(
    page.getByText('The card was declined and has not been saved. Try another card.'),
  ).toBeVisible();
  await expect(savedCards(page)).toHaveCount(before);
});
