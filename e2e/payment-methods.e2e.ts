import { expect, type Page, test } from '@playwright/test';
import { CARD_BRANDS, OTHER_CARD_BRAND } from '@storefront/contracts';
import { checkLayouts } from './support/layout';
import { signIn } from './support/sign-in';

// Saved payment methods (issue 13, docs/decisions/0030): Halvorsen starts with two demo cards, a Visa (the
// default) and a MasterCard; a card is added on the provider's hosted page and only its token comes back.

const PAGE = '/billing/paymentmethods';

const savedCard = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });
const savedCards = (page: Page) => page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem');

async function openAs(page: Page, username: string) {
  await signIn.byCookie(page, username);
  await page.goto(PAGE);
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment methods' })).toBeVisible();
}

/** Adds a card on the provider's page and comes back to the list. */
async function addCard(page: Page, card: { number: string; cvc: string; name?: string }) {
  await page.getByRole('button', { name: 'Add a card' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Save a card with / })).toBeVisible();
  // The provider's page names no amount: nothing is charged.
  await expect(page.getByText('Nothing is charged now')).toBeVisible();
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel('Expiry date (MM/YY)').fill('11/34');
  await page.getByLabel('Security code (CVC)').fill(card.cvc);
  await page.getByLabel('Name on card').fill(card.name ?? 'Ingrid Halvorsen');
  await page.getByRole('button', { name: 'Save card' }).click();
  // Back on the page: its reference in the query is read and dropped at once, so only the path is waited for.
  await page.waitForURL((url) => url.pathname === PAGE);
}

/** A toast fading in is checked mid-fade; the page is what a layout check is for, so the toasts go first. */
async function dismissToasts(page: Page) {
  const dismiss = page.locator('.toast__dismiss');
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

/** Opens a card's inline confirmation of removing it; a click before the page has hydrated is made again. */
async function askToRemove(page: Page, name: string) {
  const remove = page.getByRole('button', { name: `Remove ${name}`, exact: true });
  const confirm = page.getByRole('group', { name: `Remove ${name}?`, exact: true });
  await expect(async () => {
    if (!(await confirm.isVisible())) await remove.click();
    await expect(confirm).toBeVisible({ timeout: 500 });
  }).toPass();
  return confirm;
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
  const confirm = await askToRemove(page, 'JCB •••• 0505');
  await dismissToasts(page);
  await checkLayouts(page, 'payment-methods-confirm-remove');
  await confirm.getByRole('button', { name: 'Keep card' }).click();
  await expect(savedCards(page)).toHaveCount(3);
  await askToRemove(page, 'JCB •••• 0505');
  await confirm.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByText('The card has been removed.')).toBeVisible();
  await expect(savedCards(page)).toHaveCount(2);
  await expect(savedCard(page, 'JCB •••• 0505')).toHaveCount(0);
  // The newest remaining card became the default.
  await expect(savedCards(page).filter({ has: page.getByText('Default', { exact: true }) })).toHaveCount(1);
});

/**
 * A card of each P§5 rule, as the test provider accepts it: the brand the list shows is read from the number
 * on the provider's page, never typed by the buyer.
 */
const CARD_OF_EACH_BRAND = [
  { brand: 'American Express', number: '3782 822463 10005', cvc: '1234' },
  { brand: 'Diners Club Carte Blanche', number: '3056 9300 0902 0004', cvc: '123' },
  { brand: 'Diners Club International', number: '3622 720627 1667', cvc: '123' },
  { brand: 'JCB', number: '3566 0020 2036 0505', cvc: '123' },
  { brand: 'Laser', number: '6304 0000 0000 0000', cvc: '123' },
  { brand: 'Visa Electron', number: '4026 0000 0000 0002', cvc: '123' },
  { brand: 'Visa', number: '4000 0566 5566 5556', cvc: '123' },
  { brand: 'MasterCard', number: '5555 5555 5555 4444', cvc: '123' },
  { brand: 'MasterCard', number: '2223 0031 2200 3222', cvc: '123' },
  { brand: 'Discover', number: '6011 1111 1111 1117', cvc: '123' },
  { brand: OTHER_CARD_BRAND, number: '9000 0000 0000 0001', cvc: '123' },
] as const;

test('a card of every brand is saved and shown by the brand its number names, then removed', async ({
  page,
  browser,
  baseURL,
}) => {
  // Every brand the store names has its card here, MasterCard's two ranges each.
  expect(new Set(CARD_OF_EACH_BRAND.map((card) => card.brand))).toEqual(
    new Set([...CARD_BRANDS, OTHER_CARD_BRAND]),
  );
  test.setTimeout(240_000);
  // Marlowe's buyer: an account whose one demo card (its default) no other browser test changes.
  await openAs(page, 'buyer@marlowe.example');
  const seeded = 'American Express •••• 1009';
  await expect(savedCards(page)).toHaveCount(1);
  const names: string[] = [];
  for (const card of CARD_OF_EACH_BRAND) {
    await addCard(page, { ...card, name: 'Noah Whitfield' });
    await expect(page.getByText('Your card has been saved.').last()).toBeVisible();
    const name = `${card.brand} •••• ${card.number.slice(-4)}`;
    const saved = savedCard(page, name);
    await expect(saved.locator('.saved-card__brand')).toHaveText(card.brand);
    await expect(saved.getByText('Expires 11/2034')).toBeVisible();
    names.push(name);
    await expect(savedCards(page)).toHaveCount(names.length + 1);
  }
  // A card added later does not take the default from the account's card.
  await expect(savedCard(page, seeded).getByText('Default', { exact: true })).toBeVisible();
  await dismissToasts(page);
  await checkLayouts(page, 'payment-methods-every-brand');

  // A buyer of another account on the same store who names one of these cards is refused on the page,
  // and the card stays as it was.
  const jcbId = await savedCard(page, 'JCB •••• 0505').locator('input[name="paymentMethodId"]').inputValue();
  const other = await browser.newPage({ baseURL });
  await openAs(other, 'manager@halvorsen.example');
  for (const intent of ['default', 'remove']) {
    const answer = await other.request.post(PAGE, {
      form: { intent, paymentMethodId: jcbId },
      headers: { origin: new URL(baseURL ?? '').origin },
    });
    expect(answer.status(), intent).toBe(403);
    expect(await answer.text(), intent).toContain('This card is no longer among your saved cards.');
  }
  await other.close();
  await page.reload();
  await expect(savedCards(page)).toHaveCount(names.length + 1);
  await expect(savedCard(page, 'JCB •••• 0505').getByText('Default', { exact: true })).toHaveCount(0);

  for (const name of names) {
    await (await askToRemove(page, name)).getByRole('button', { name: 'Yes, remove' }).click();
    await expect(savedCard(page, name)).toHaveCount(0);
  }
  await expect(savedCards(page)).toHaveCount(1);
  await expect(savedCard(page, seeded)).toBeVisible();
});

test('a card the provider declines is not saved, and the buyer is told so', async ({ page }) => {
  test.setTimeout(90_000);
  await openAs(page, 'buyer@halvorsen.example');
  await addCard(page, { number: '4000 0000 0000 0002', cvc: '123' });
  await expect(
    page.getByText('The card was declined and has not been saved. Try another card.'),
  ).toBeVisible();
  // Not a count: the account's other buyer adds and removes a card in a test that may run at the same time.
  await expect(savedCards(page).first()).toBeVisible();
  await expect(page.getByRole('listitem', { name: /•••• 0002$/ })).toHaveCount(0);
});
