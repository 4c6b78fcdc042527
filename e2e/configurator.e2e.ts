import { expect, type Page, test } from '@playwright/test';
import { cart } from './support/cart';
import { checkLayouts } from './support/layout';
import { signIn } from './support/sign-in';
import { catalogue } from './support/storefront';

// The parts configurator (docs/decisions/0035): Halvorsen's 2019 cell sorter has a worn 70 µm sort nozzle of
// a revision no longer made; the configurator shows its successor, which the lab manager orders.

const SORTER = 'CS4-2019-00417';
const SPECTRAL = 'SFC5-2023-00063';

async function openAs(page: Page, username: string, path: string) {
  await signIn.byCookie(page, username);
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path.replace('?', '\\?')}`));
}

const instrumentLink = (page: Page, serial: string) =>
  page.getByRole('navigation', { name: 'Your instruments' }).getByRole('link').filter({ hasText: serial });

test('a lab manager finds the worn part of their sorter, sees it superseded and adds the successor to the cart', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openAs(page, 'manager@halvorsen.example', '/configurator');
  await expect(page.getByRole('heading', { level: 1, name: 'Parts for your instruments' })).toBeVisible();
  await instrumentLink(page, SORTER).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Cell Sorter, 4-way, 4-laser' })).toBeVisible();
  await expect(instrumentLink(page, SORTER)).toHaveAttribute('aria-current', 'page');

  const sortBlock = page.getByRole('region', { name: 'Sort block' });
  const worn = sortBlock.getByRole('listitem').filter({ hasText: 'NZ-70-B' }).first();
  await expect(worn).toContainText('Sort Nozzle, 70 µm, rev. B');
  await expect(worn).toContainText('No longer made');
  await expect(worn).toContainText('serial NZ70B-19-03321');
  await expect(worn).toContainText('Worn: replace');
  await expect(worn).toContainText(/Replaced by IPA-\d+ Sort Nozzle, 70 µm on Apr 3, 2023\./);
  await expect(worn.locator('img')).toHaveAttribute('src', /^\/product-images\/v1\/part\.svg\?/);
  await checkLayouts(page, 'configurator');

  const inCart = worn.getByText(/^In your cart: \d+$/);
  const before = (await inCart.count()) > 0 ? Number((await inCart.innerText()).replace(/\D/g, '')) : 0;
  await worn.getByRole('spinbutton', { name: 'Quantity of Sort Nozzle, 70 µm' }).fill('2');
  await worn.getByRole('button', { name: 'Add Sort Nozzle, 70 µm to cart' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Added to your cart: 2 × Sort Nozzle, 70 µm (replaces NZ-70-B).',
  );
  await expect(worn.getByText(`In your cart: ${before + 2}`)).toBeVisible();

  await cart.open(page);
  // A cart path of a signed-in user passes the guidance once (spec P§2).
  await page.getByRole('button', { name: 'Continue to your cart' }).click();
  await expect(cart.line(page, 'Sort Nozzle, 70 µm')).toBeVisible();
});

test('a quantity that is not a whole number is refused beside its part, and nothing is added', async ({
  page,
}) => {
  await openAs(page, 'manager@halvorsen.example', '/configurator');
  await instrumentLink(page, SORTER).click();
  await expect(instrumentLink(page, SORTER)).toHaveAttribute('aria-current', 'page');
  const filter = page.getByRole('listitem').filter({ hasText: 'Bandpass Filter, 450/50 nm' }).first();
  const qty = filter.getByRole('spinbutton', { name: 'Quantity of Bandpass Filter, 450/50 nm' });
  // Past the browser's own check (as a script or an older browser sends it), the server still refuses it.
  await qty.evaluate((input: HTMLInputElement) => input.setAttribute('step', 'any'));
  await qty.fill('1.5');
  await page.getByRole('button', { name: 'Add the quantities entered to cart' }).click();
  await expect(page.getByRole('alert')).toContainText('Check the quantities marked below.');
  await expect(qty).toHaveAttribute('aria-invalid', 'true');
  await expect(qty).toHaveAccessibleDescription('Enter a whole number.');
});

test('a lab opens the parts of one of its instruments; any model can be browsed', async ({ page }) => {
  await openAs(page, 'manager@halvorsen.example', '/configurator');
  await instrumentLink(page, SPECTRAL).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Spectral Flow Cytometer, 5-laser' }),
  ).toBeVisible();
  await expect(page.getByText(`Serial ${SPECTRAL}`)).toBeVisible();

  await page.getByLabel('Or browse the parts of a model').selectOption({ label: 'Benchtop NGS Sequencer' });
  await page.getByRole('button', { name: 'Show parts' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Benchtop NGS Sequencer' })).toBeVisible();
  await expect(page.getByText('All parts of the model, as listed for a new instrument.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Consumables' })).toContainText(
    'NGS Library Prep Kit, 24 reactions',
  );
});

test('a lab manager links a component with its serial to an instrument and unlinks it', async ({ page }) => {
  test.setTimeout(120_000);
  await openAs(page, 'manager@halvorsen.example', '/configurator/manageComponents');
  await expect(page.getByRole('heading', { level: 1, name: 'Components of your instruments' })).toBeVisible();
  await instrumentLink(page, SPECTRAL).click();
  await expect(
    page.getByRole('heading', { level: 2, name: `Spectral Flow Cytometer, 5-laser, serial ${SPECTRAL}` }),
  ).toBeVisible();

  // Without a part the form says what is missing, beside the field.
  await page.getByRole('button', { name: 'Link component' }).click();
  const part = page.getByLabel('Part');
  await expect(part).toHaveAttribute('aria-invalid', 'true');
  await expect(part).toHaveAccessibleDescription('Choose the part to link.');

  const serial = `L405-E2E-${Date.now().toString(36).toUpperCase()}`;
  const laser = part.locator('option', { hasText: 'Laser Module, 405 nm' });
  await part.selectOption((await laser.getAttribute('value')) ?? '');
  await page.getByLabel('Quantity').fill('1');
  await page.getByLabel('Serial number (optional)').fill(serial);
  await page.getByRole('button', { name: 'Link component' }).click();
  await expect(page.getByRole('status')).toContainText('Linked Laser Module, 405 nm to the instrument.');
  const linked = page.getByRole('list', { name: 'Linked components' });
  await expect(linked).toContainText(`Serial ${serial}`);
  await expect(page.getByLabel('Serial number (optional)')).toHaveValue('');
  await checkLayouts(page, 'manage-components');

  await page.getByRole('button', { name: `Unlink Laser Module, 405 nm, serial ${serial}` }).click();
  await expect(page.getByRole('status')).toContainText('The component has been unlinked.');
  await expect(linked).not.toContainText(serial);
});

test('another account’s instrument is refused', async ({ page }) => {
  await openAs(page, 'buyer@marlowe.example', '/configurator');
  const own = page.getByRole('navigation', { name: 'Your instruments' }).getByRole('link').first();
  const marloweInstrument = new URL((await own.getAttribute('href')) ?? '', page.url()).searchParams.get(
    'instrument',
  );
  await page.context().clearCookies();
  await openAs(page, 'manager@halvorsen.example', '/configurator');
  const response = await page.goto(`/configurator?instrument=${marloweInstrument}`);
  expect(response?.status()).toBe(403);
});

test('a lab on an Install Base catalogue sees the parts and consumables of its own instruments only', async ({
  page,
}) => {
  await openAs(page, 'toronto@halvorsen.example', '/configurator');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Benchtop Flow Cytometer, 4-laser' }),
  ).toBeVisible();
  await page.goto('/');
  await expect(
    catalogue.navigation(page).getByRole('link', { name: 'Flow Cytometry Antibodies' }),
  ).toHaveCount(0);
  await catalogue.openCategory(page, 'Instrument Parts & Accessories');
  const names = (await catalogue.productLinks(page).allInnerTexts()).map((name) => name.trim());
  expect(names).toContain('Flow Cell Assembly');
  // The sorter's parts are not among them: the lab owns no sorter.
  const sorterParts = names.filter(
    (name) => name.startsWith('Sort Nozzle') || name === 'Deflection Plate Set',
  );
  expect(sorterParts).toEqual([]);
  await checkLayouts(page, 'install-base-catalogue', [1280, 390]);
});
