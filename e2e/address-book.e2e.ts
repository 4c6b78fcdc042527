import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADDRESS_MESSAGES } from '@storefront/contracts';
import { addFirstOf, interactive, step, throughAddressOnly } from './support/checkout';
import { checkLayouts } from './support/layout';
import { signIn } from './support/sign-in';

// The book and preferences of an account no other browser test changes or checks out with.
const USER = 'buyer@marlowe.example';
const SEEDED_DEFAULT = 'Sequencing Lab';

const form = (page: Page) => page.getByRole('region', { name: /^(Add a location|Edit )/ });
const location = (page: Page, name: string) =>
  page.locator('.address-book__item').filter({ has: page.getByRole('heading', { level: 3, name }) });
const save = (page: Page) => form(page).getByRole('button', { name: 'Save location' }).click();

/** The C§5 address messages the book's form has shown in this run. */
const shown = new Set<string>();

/**
 * The C§5 messages the book cannot show (docs/decisions/0032): line 2 and the state are not required fields of
 * the book, a blank country is 'Country is required' first, and the book has no billing address.
 */
const NOT_IN_THE_BOOK: readonly string[] = [
  ADDRESS_MESSAGES.address2Required,
  ADDRESS_MESSAGES.stateRequired,
  ADDRESS_MESSAGES.enterCountry,
  ADDRESS_MESSAGES.validBillingAddress,
];

/** Each message is the described text of its field: shown beside it and read with it. */
async function expectMessages(scope: Locator, messages: Record<string, string>) {
  for (const [label, message] of Object.entries(messages)) {
    shown.add(message);
    await expect(scope.getByRole('textbox', { name: label, exact: true }), label).toHaveAccessibleDescription(
      message,
    );
  }
}

async function fill(scope: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    await scope.getByRole('textbox', { name: label, exact: true }).fill(value);
}

test('a buyer adds, edits, makes default and deletes a location, with every address message', async ({
  page,
}) => {
  await signIn.byCookie(page, USER);
  await page.goto('/billing/shippingaddress');
  await expect(page.getByRole('heading', { level: 1, name: 'Address book' })).toBeVisible();
  await expect(page.locator('.address-book__account')).toContainText('La Jolla');
  await expect(location(page, SEEDED_DEFAULT)).toContainText('Default');
  await checkLayouts(page, 'address-book');

  // Nothing typed: every required field says so beside it, and nothing is saved.
  await save(page);
  await expectMessages(form(page), {
    'Location name': 'Location Name is required',
    'First name': 'First Name is required',
    'Last name': 'Last Name is required',
    Email: 'Email is required',
    Phone: 'Phone is required',
    'Address line 1': 'Address Line 1 is required',
    City: 'City is required',
    'ZIP or postal code': 'ZIP/Postal Code is required',
    Country: 'Country is required',
  });
  await expect(form(page).getByLabel('Location name')).toBeFocused();
  await checkLayouts(page, 'address-book-messages');

  await fill(form(page), {
    'Location name': 'Cold Room 4',
    'First name': 'Ana Maria',
    'Last name': 'da Lima',
    Email: 'ana@lab',
    Phone: '+1 617 555 0100',
    'Address line 1': `77 Massachusetts Avenue ${'x'.repeat(40)}`,
    'Address line 2': 'Building 68, room 4, the cold room past the loading dock',
    City: 'Cambridge',
    'ZIP or postal code': '02139',
    Country: 'Atlantis',
  });
  await save(page);
  await expectMessages(form(page), {
    'First name': 'First Name should not contain space',
    'Last name': 'Last Name should not contain space',
    Email: 'Invalid Email',
    'Address line 1': 'Address Line 1 should be less than 60 characters',
    'Address line 2': 'Address Line 2 should be less than 40 characters',
    Country: 'Please enter valid Country.',
  });
  // What was typed stays, so only the broken fields need changing.
  await expect(form(page).getByLabel('City')).toHaveValue('Cambridge');

  await fill(form(page), {
    'First name': 'Ana',
    'Last name': 'Lima',
    Email: 'ana.lima@halvorsen.example',
    'Address line 1': '77 Massachusetts Avenue',
    'Address line 2': 'Building 68',
    Country: 'USA',
  });
  await save(page);
  await expectMessages(form(page), { 'State or province': 'Please enter State.' });
  await fill(form(page), { 'State or province': 'Narnia' });
  await save(page);
  await expectMessages(form(page), { 'State or province': 'Please enter valid US State.' });
  // Text no part can store is refused beside its field too, never as a failed page.
  await fill(form(page), { 'State or province': 'Massachusetts', City: 'C'.repeat(1001) });
  await save(page);
  await expectMessages(form(page), { City: 'This is too long, or holds characters that cannot be stored.' });
  await fill(form(page), { City: 'Cambridge' });
  await save(page);
  await expect(page.getByRole('status')).toHaveText('Location saved.');
  // Stored as codes, with its contact.
  await expect(location(page, 'Cold Room 4')).toContainText(
    '77 Massachusetts Avenue, Building 68, Cambridge, MA, 02139, US',
  );
  await expect(location(page, 'Cold Room 4')).toContainText('Ana Lima');

  // Edit: the form opens filled; a refused change changes nothing.
  await page.getByRole('link', { name: 'Edit Cold Room 4' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Edit Cold Room 4' })).toBeVisible();
  await expect(form(page).getByLabel('City')).toHaveValue('Cambridge');
  await fill(form(page), { City: '' });
  await save(page);
  await expectMessages(form(page), { City: 'City is required' });
  // The tax service finds the ZIP code in another city: its suggestion is applied, then saved.
  await fill(form(page), {
    'Location name': 'Cold Room 5',
    City: 'Cambridge',
    'ZIP or postal code': '02143',
  });
  await save(page);
  const suggestion = form(page).getByRole('alert');
  await expect(suggestion).toContainText('The address you entered is Incomplete. We found a suggestion...');
  await expect(suggestion).toContainText('SOMERVILLE, MA, 02143');
  await checkLayouts(page, 'address-book-suggestion');
  await suggestion.getByRole('button', { name: 'Apply the suggestion' }).click();
  await expect(form(page).getByRole('textbox', { name: 'City', exact: true })).toHaveValue('SOMERVILLE');
  await save(page);
  await expect(page.getByRole('status')).toHaveText('Location saved.');
  await expect(location(page, 'Cold Room 5')).toContainText('SOMERVILLE, MA, 02143');
  await expect(location(page, 'Cold Room 4')).toHaveCount(0);

  await page.getByRole('button', { name: 'Make default: Cold Room 5' }).click();
  await expect(page.getByRole('status')).toHaveText('Default location changed.');
  await expect(location(page, 'Cold Room 5')).toContainText('Default');
  await expect(location(page, SEEDED_DEFAULT)).not.toContainText('Default');
  await expect(page.locator('.address-book__item h3').first()).toContainText('Cold Room 5');

  await page.getByRole('button', { name: `Make default: ${SEEDED_DEFAULT}` }).click();
  await expect(location(page, SEEDED_DEFAULT)).toContainText('Default');
  await page.getByRole('button', { name: 'Delete Cold Room 5' }).click();
  await expect(page.getByRole('status')).toHaveText('Location deleted.');
  await expect(location(page, 'Cold Room 5')).toHaveCount(0);

  // Every C§5 address message the book can show has been shown beside its field above.
  const reachable = Object.values(ADDRESS_MESSAGES).filter((message) => !NOT_IN_THE_BOOK.includes(message));
  expect(reachable.filter((message) => !shown.has(message))).toEqual([]);
});

test('a preferred carrier and service is preselected at checkout', async ({ page }) => {
  await signIn.byCookie(page, USER);
  await page.goto('/billing/shippingmethods');
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping preferences' })).toBeVisible();
  const service = page.getByLabel('Preferred carrier and service');
  const accountNumber = page.getByLabel('Your carrier account number');
  // Marlowe's cold-chain kits go by FedEx only: its preference is a service the checkout rates.
  await service.selectOption({ label: 'FedEx 2Day' });
  await accountNumber.fill('no spaces!');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(accountNumber).toHaveAccessibleDescription(/Enter 4 to 32 letters, digits or dashes\.$/);
  await checkLayouts(page, 'shipping-preferences');
  await page.getByLabel('Preferred carrier and service').selectOption({ label: 'FedEx 2Day' });
  await page.getByLabel('Your carrier account number').fill('');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Shipping preferences saved/);
  await expect(service).toHaveValue('FedEx|2Day');

  try {
    await addFirstOf(page, 'Genomics Kits');
    await page.goto('/checkout');
    await interactive(page);
    await throughAddressOnly(page);
    const method = step(page, 'Shipping method');
    await expect(method.getByRole('radio', { name: /^FedEx 2Day/ })).toBeChecked();
    await method.getByRole('button', { name: 'Use this method' }).click();
    await expect(method.getByRole('heading', { name: /Shipping method \(done\)/ })).toBeVisible();
  } finally {
    await page.goto('/billing/shippingmethods');
    await page.getByLabel('Preferred carrier and service').selectOption('');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByRole('status')).toHaveText(/^Shipping preferences saved/);
  }
});
