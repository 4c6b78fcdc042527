import { expect, type Page, test } from '@playwright/test';
import { checkLayouts } from './support/layout';
import { signIn } from './support/sign-in';

// Marlowe buys from the storefront's Full catalogue; these tests add antibodies and one cytometer configuration,
// items no other browser test puts in Marlowe's cart.
const USER = 'buyer@marlowe.example';

async function openAs(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn.byCookie(page, USER);
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path.replace('?', '\\?')}$`));
}

/** Opens the cart the page went to, past the guidance a first visit of a cart path shows. */
async function arriveAtCart(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/guidance\?redirect=%2Fcart$|\/cart$/);
  if (page.url().includes('/guidance'))
    await page.getByRole('button', { name: 'Continue to your cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

/** The cart shows a line of each SKU (waiting for the page to show its lines). */
async function expectCartLines(page: Page, skus: readonly string[]): Promise<void> {
  for (const sku of skus)
    await expect(page.locator('.cart-line__sku').getByText(`SKU ${sku}`, { exact: true })).toBeVisible();
}

test('quick-orders 30 SKUs from a pasted list with two bad rows reported', async ({ page }) => {
  await openAs(page, '/uploadoptions');
  await expect(page.getByRole('heading', { level: 1, name: 'Quick order' })).toBeVisible();
  // Nothing pasted: the message sits beside the list.
  await page.getByRole('button', { name: 'Check the list' }).click();
  await expect(page.getByLabel('SKUs and quantities')).toHaveAccessibleDescription(
    'The list is empty: paste SKUs with quantities, or choose a file.',
  );

  const good = Array.from(
    { length: 28 },
    (_, i) => `FCA-${10001 + i}${['\t', ', ', ' '][i % 3]}${(i % 3) + 1}`,
  );
  const list = [
    ...good.slice(0, 10),
    'FCA-99999, 2',
    ...good.slice(10, 20),
    'FCR-10001, two',
    ...good.slice(20),
  ];
  await page.getByLabel('SKUs and quantities').fill(list.join('\n'));
  await page.getByRole('button', { name: 'Check the list' }).click();
  await expect(page.getByText('28 rows ready to add, 2 rows need attention')).toBeVisible();
  const unknown = page.getByRole('row', { name: /FCA-99999/ });
  await expect(unknown).toContainText(
    'FCA-99999 is not a product number we know; check it against the catalogue.',
  );
  await expect(page.getByRole('row', { name: /FCR-10001, two/ })).toContainText(
    'The quantity "two" is not a whole number.',
  );
  // A matched row shows the account's price and the line total at the quantity asked.
  const second = page.getByRole('row', { name: /^2 FCA-10002/ });
  await expect(second).toContainText(/\$[\d,.]+\s*\$[\d,.]+/);
  await checkLayouts(page, 'quick-order-preview', [1280, 390]);

  await page.getByRole('button', { name: 'Add 28 rows to the cart' }).click();
  await arriveAtCart(page);
  await expectCartLines(
    page,
    Array.from({ length: 28 }, (_, i) => `FCA-${10001 + i}`),
  );
  await expect(page.getByText('SKU FCA-99999')).toHaveCount(0);
});

test('checks a CSV file, adding up a SKU named twice, and refuses a file that is no workbook', async ({
  page,
}) => {
  await openAs(page, '/uploadoptions');
  const file = page.getByLabel(/Or a file/);
  await file.setInputFiles({
    name: 'order.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from('SKU,Qty\nFCA-10040,1\n'),
  });
  await page.getByRole('button', { name: 'Check the list' }).click();
  await expect(file).toHaveAccessibleDescription(
    'The file is not an Excel workbook we can read; save it as .xlsx or .csv.',
  );

  await file.setInputFiles({
    name: 'order.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('SKU,Quantity\r\nFCA-10041,2\r\n"FCA-10042",1\r\nfca-10041,3\r\n'),
  });
  await page.getByRole('button', { name: 'Check the list' }).click();
  await expect(page.getByText('2 rows ready to add')).toBeVisible();
  const merged = page.getByRole('row', { name: /FCA-10041/ });
  await expect(merged).toContainText('lines 2 and 4 added up');
  await expect(merged.getByRole('cell').nth(3)).toHaveText('5');
  await checkLayouts(page, 'quick-order-csv', [1280, 390]);
  await page.getByRole('button', { name: 'Add 2 rows to the cart' }).click();
  await arriveAtCart(page);
  await expectCartLines(page, ['FCA-10041', 'FCA-10042']);
});

test('checks a list of 250 rows page by page and reports every row', async ({ page }) => {
  await openAs(page, '/uploadoptions');
  const unknown = Array.from({ length: 247 }, (_, i) => `ZZQ-${i + 1},1`);
  const csv = [
    'FCA-10050,1',
    ...unknown.slice(0, 120),
    'FCA-10051,2',
    ...unknown.slice(120),
    'FCA-10052,3',
  ].join('\n');
  await page
    .getByLabel(/Or a file/)
    .setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Check the list' }).click();
  // The page checks 100 rows a call: the last page's rows are in the preview once the count is complete.
  await expect(page.getByText('3 rows ready to add, 247 rows need attention')).toBeVisible();
  await expect(page.getByRole('row', { name: /^250 FCA-10052/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /ZZQ-247/ })).toContainText(
    'ZZQ-247 is not a product number we know',
  );
});

test('without the page script, the form checks the whole list and adds it', async ({ page, browser }) => {
  await openAs(page, '/uploadoptions');
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto('/uploadoptions');
  await noScript.getByLabel('SKUs and quantities').fill('FCA-10060 2\nNOPE-1 1\nFCA-10061 1');
  await noScript.getByRole('button', { name: 'Check the list' }).click();
  await expect(noScript.getByText('2 rows ready to add, 1 row needs attention')).toBeVisible();
  await noScript.getByRole('button', { name: 'Add 2 rows to the cart' }).click();
  await expect(noScript).toHaveURL(/\/guidance\?redirect=%2Fcart$|\/cart$/);
  await plain.close();
  await page.goto('/cart');
  await arriveAtCart(page);
  await expectCartLines(page, ['FCA-10060', 'FCA-10061']);
});

test('configures an instrument on /cpq and adds it to the cart as one group', async ({ page }) => {
  await openAs(page, '/cpq');
  await page.getByRole('link', { name: 'Benchtop Flow Cytometer, 2-laser' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Configure the Benchtop Flow Cytometer, 2-laser' }),
  ).toBeVisible();
  const included = page.getByRole('group', { name: 'Included with the instrument' });
  await expect(included).toContainText('Laser Module, 488 nm');
  await expect(included).toContainText('On-Site Installation and Operator Training');
  const summary = page.getByRole('table', { name: 'Your configuration at your prices' });
  await expect(summary.getByRole('row')).toHaveCount(6); // header, instrument, two lasers, installation, total
  await page.getByRole('checkbox', { name: /Sample Tube Rack, 40-position/ }).check();
  await expect(summary.getByRole('row', { name: /Sample Tube Rack/ })).toBeVisible();
  await checkLayouts(page, 'cpq-configuration', [1280, 390]);

  await page.getByRole('button', { name: 'Add the configuration to the cart' }).click();
  await arriveAtCart(page);
  const instrument = page.getByRole('row').filter({ hasText: 'SKU INS-10001' });
  await expect(instrument).toContainText('Configured: its options are listed below it');
  await expect(page.getByRole('row', { name: /Sample Tube Rack/ })).toContainText(
    'Option of the Benchtop Flow Cytometer, 2-laser',
  );
  await checkLayouts(page, 'cart-configured-group', [1280, 390]);

  // Removing the instrument removes its options with it.
  await instrument
    .getByRole('button', { name: 'Remove Benchtop Flow Cytometer, 2-laser and its options' })
    .click();
  await expect(instrument).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Laser Module, 488 nm' })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Sample Tube Rack' })).toHaveCount(0);
});
