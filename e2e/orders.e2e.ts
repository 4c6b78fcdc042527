import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import {
  atCheckout,
  expectConfirmation,
  pressPlaceOrder,
  step,
  throughCustomForm,
  throughMethod,
  throughShipping,
} from './support/checkout';
import { checkLayouts } from './support/layout';
import { erpOf } from './support/operations';
import { signIn } from './support/sign-in';

// A buyer's orders (issue 32): placed at checkout, confirmed and shipped by the supplier's ERP through the
// operations API, followed by the buyer on /billing/orders and /billing/orders/{orderNumber}.

const LIST = '/billing/orders';
const TRACKING = '1Z999AA10123456784';

/** A signed-in Halvorsen user places an order on account terms with a PO number; answers its number. */
async function placeOrder(page: Page, username: string, poNumber: string): Promise<string> {
  await atCheckout(page, username);
  // Another test of this run may have left this user's cart with its address, method or details saved.
  const done = (name: string) =>
    step(page, name).getByRole('heading', { name: new RegExp(`^${name} \\(done\\)`) });
  if (await done('Shipping address').isVisible()) {
    if (!(await done('Shipping method').isVisible())) await throughMethod(page);
  } else await throughShipping(page);
  if (!(await done('Order details').isVisible())) await throughCustomForm(page);
  const terms = step(page, 'Terms and payment');
  await terms.getByLabel('PO number').fill(poNumber);
  await terms.getByLabel('PO number').blur();
  await expect(terms.getByText(`PO number ${poNumber} is saved on the order.`)).toBeVisible();
  await pressPlaceOrder(page);
  await expectConfirmation(page);
  return (await page.getByTestId('order-number').innerText()).trim();
}

/** The newest lot of a product, from its page's certificates of analysis (the catalogue's lots). */
async function newestLot(page: Page, sku: string): Promise<string> {
  await page.goto(`/product_detail/guest-catalog/${encodeURIComponent(sku)}`);
  const lots = page.getByRole('table', { name: 'Certificates of analysis' });
  return (await lots.getByRole('rowheader').first().innerText()).trim();
}

const facts = (page: Page) => page.locator('.order > .record-facts');
const fact = (page: Page, term: string) =>
  facts(page)
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd');
const timeline = (page: Page) => page.getByRole('region', { name: 'Status history' }).getByRole('listitem');
const orderRows = (page: Page) => page.locator('.data-table tbody tr');

async function applyFilters(page: Page): Promise<void> {
  await page
    .getByRole('form', { name: 'Filter orders' })
    .getByRole('button', { name: 'Apply filters' })
    .click();
}

test('a buyer follows an order from placed to shipped, finds it by its filters and downloads the list', async ({
  page,
  browser,
  baseURL,
}) => {
  // Checkout's four steps, the ERP's calls, three layouts of two pages and another account's browser.
  test.setTimeout(180_000);
  const poNumber = `PO-TRACK-${Date.now()}`;
  const orderNumber = await placeOrder(page, 'buyer@halvorsen.example', poNumber);

  // The confirmation leads to the order's own page: placed, by the buyer, nothing shipped yet.
  await page.getByRole('link', { name: 'Track this order' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/${orderNumber}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(fact(page, 'Status')).toHaveText('Placed');
  await expect(fact(page, 'PO number')).toHaveText(poNumber);
  await expect(fact(page, 'Placed by')).toHaveText('Tomas Lind');
  await expect(timeline(page)).toHaveCount(1);
  await expect(timeline(page).first()).toContainText(/^Placed .+ UTC by Tomas Lind$/);
  await expect(page.getByText('Nothing has shipped yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cancel order' })).toBeVisible();

  // The list, from the account area's navigation: newest first, the order placed.
  await page
    .getByRole('navigation', { name: 'Your account' })
    .getByRole('link', { name: 'Orders', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(orderNumber) });
  await expect(row.getByRole('cell', { name: 'Placed', exact: true })).toBeVisible();
  // Numbers are given in order placed: newest first reads them falling.
  const numbers = await page.locator('.data-table tbody th').allInnerTexts();
  expect(numbers).toEqual([...numbers].sort().reverse());
  await expect(row).toContainText(poNumber);

  // Filters narrow the list: a part of the PO number in any case, the status, the dates and the buyer.
  const filters = page.getByRole('form', { name: 'Filter orders' });
  await filters.getByLabel('PO number').fill(poNumber.slice(3).toLowerCase());
  await applyFilters(page);
  await expect(page).toHaveURL(/poNumber=/);
  await expect(page.getByText('Showing 1–1 of 1 orders')).toBeVisible();
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page).first()).toContainText(orderNumber);

  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await filters.getByLabel('Placed from').fill(tomorrow);
  await applyFilters(page);
  await expect(page.getByText('No orders match these filters.')).toBeVisible();
  await filters.getByLabel('Placed from').fill(today);
  await filters.getByLabel('Placed to').fill(today);
  await filters.getByLabel('Buyer').selectOption({ label: 'Tomas Lind' });
  await applyFilters(page);
  await expect(page).toHaveURL(/buyerId=/);
  await expect(orderRows(page)).toHaveCount(1);
  await filters.getByLabel('Status').selectOption({ label: 'Shipped' });
  await applyFilters(page);
  await expect(page.getByText('No orders match these filters.')).toBeVisible();

  // A range that ends before it starts is said beside its field; the list still shows.
  await filters.getByLabel('Status').selectOption({ label: 'All' });
  await filters.getByLabel('Placed to').fill('2026-01-01');
  await filters.getByLabel('Placed from').fill('2026-02-01');
  await applyFilters(page);
  await expect(filters.getByText('Must not be before the start date.')).toBeVisible();
  await expect(filters.getByLabel('Placed to')).toHaveAttribute('aria-invalid', 'true');
  await filters.getByRole('link', { name: 'Clear' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));

  // The buyer asks to cancel while the supplier's ERP confirms the order: the ERP came first, and the page says so.
  await page.goto(`${LIST}/${orderNumber}?cancel=confirm`);
  const question = page.getByRole('form', { name: `Cancel order ${orderNumber}?` });
  await expect(question).toBeVisible();
  const erp = await erpOf(page.request, baseURL ?? '');
  const confirmed = await erp.confirm(orderNumber, `ERP-${Date.now()}`);
  expect(confirmed.status).toBe('confirmed');
  await question.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `Order ${orderNumber} is confirmed` }),
  ).toBeVisible();
  await expect(fact(page, 'Status')).toHaveText('Confirmed');
  await expect(question).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Cancel order' })).toHaveCount(0);

  // The ERP ships all of it, each line from a lot the catalogue knows.
  const lots = [];
  for (const line of confirmed.lines) {
    lots.push({ sku: line.sku, quantity: line.quantity, lotNumber: await newestLot(page, line.sku) });
  }
  const shipped = await erp.ship(orderNumber, {
    carrier: 'UPS',
    service: 'Next Day Air',
    trackingNumber: TRACKING,
    trackingUrl: `https://www.ups.com/track?tracknum=${TRACKING}`,
    lines: lots,
  });
  expect(shipped.status).toBe('shipped');

  // The buyer sees it shipped: the timeline, the tracking link, the lots and the shipped quantities.
  await page.goto(`${LIST}/${orderNumber}`);
  await expect(fact(page, 'Status')).toHaveText('Shipped');
  await expect(fact(page, 'Supplier’s order number')).toHaveText(confirmed.erpOrderNumber ?? '');
  await expect(timeline(page)).toHaveCount(3);
  await expect(timeline(page).nth(0)).toContainText(/^Placed .+ UTC by Tomas Lind$/);
  await expect(timeline(page).nth(1)).toContainText(/^Confirmed .+ UTC by ERP \(supplier\)/);
  await expect(timeline(page).nth(2)).toContainText(/^Shipped .+ UTC by ERP \(supplier\)/);
  const tracking = page.getByRole('link', { name: `Track shipment ${TRACKING} with UPS` });
  await expect(tracking).toHaveAttribute('href', `https://www.ups.com/track?tracknum=${TRACKING}`);
  const shipments = page.getByRole('region', { name: 'Shipments' });
  await expect(shipments.getByText('Next Day Air')).toBeVisible();
  for (const lot of lots) await expect(shipments.getByText(lot.lotNumber)).toBeVisible();
  const lines = page.getByRole('region', { name: 'Lines' });
  for (const line of confirmed.lines) {
    const cells = lines.getByRole('row', { name: new RegExp(line.sku) }).getByRole('cell');
    await expect(cells.nth(1)).toHaveText(String(line.quantity));
    await expect(cells.nth(2)).toHaveText(String(line.quantity));
  }
  await expect(page.getByRole('link', { name: 'Cancel order' })).toHaveCount(0);
  // Its documents: the order's PDF (the buyer placed it), its invoice and each lot's certificate of analysis.
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByRole('link', { name: `Order ${orderNumber} (PDF)` })).toBeVisible();
  await expect(documents.getByRole('link', { name: /^Invoice INV-/ })).toHaveAttribute(
    'href',
    /^\/viewInvoice\?/,
  );
  for (const lot of lots) {
    const certificate = documents.getByRole('link', {
      name: `Certificate of analysis, ${lot.sku} lot ${lot.lotNumber}`,
    });
    await expect(certificate).toHaveAttribute('href', new RegExp(`/coa-${lot.lotNumber}\\.pdf$`));
  }
  await checkLayouts(page, 'order');

  // Its invoice links back to the order, on the invoice's page and in the invoice list; the seeded history
  // names orders the storefront never had, which stay text.
  const invoiceNumber = orderNumber.replace(/^SO-/, 'INV-');
  await documents.getByRole('link', { name: `Invoice ${invoiceNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${invoiceNumber}` })).toBeVisible();
  const backToOrder = page.locator('.invoice__facts').getByRole('link', { name: orderNumber, exact: true });
  await expect(backToOrder).toHaveAttribute('href', `${LIST}/${orderNumber}`);
  await page.goto('/billing/enhancedList');
  const invoiceRow = page.locator('.data-table tbody tr').filter({ hasText: invoiceNumber });
  await expect(invoiceRow.getByRole('link', { name: orderNumber, exact: true })).toHaveAttribute(
    'href',
    `${LIST}/${orderNumber}`,
  );
  const orderCells = page.locator('.data-table tbody td[data-label="Order"]');
  await expect(orderCells.filter({ hasText: /^SO-/, hasNot: page.getByRole('link') }).first()).toBeVisible();
  await invoiceRow.getByRole('link', { name: orderNumber, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/${orderNumber}$`));
  await expect(fact(page, 'Status')).toHaveText('Shipped');

  // The list says Shipped too; its CSV holds what the filters hold.
  await page.goto(`${LIST}?poNumber=${encodeURIComponent(poNumber)}`);
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page).first().getByRole('cell', { name: 'Shipped', exact: true })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = (await readFile(await download.path())).toString('utf8').trimEnd().split(/\r?\n/);
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(orderNumber);
  expect(csv[1]).toContain(poNumber);
  await page.goto(LIST);
  await checkLayouts(page, 'orders');

  // An order number the account has not got is no such order.
  const unknown = await page.goto(`${LIST}/SO-1999-000001`);
  expect(unknown?.status()).toBe(404);
  await expect(page.getByText('There is no such order.')).toBeVisible();

  // Another account of this storefront (Marlowe) is refused the order: Authorization Required, nothing of it.
  const marlowe = await browser.newContext({ baseURL });
  const other = await marlowe.newPage();
  await signIn.byCookie(other, 'buyer@marlowe.example');
  await other.goto(`${LIST}?poNumber=${encodeURIComponent(poNumber)}`);
  await expect(other.getByText('No orders match these filters.')).toBeVisible();
  const refused = await other.goto(`${LIST}/${orderNumber}`);
  expect(refused?.status()).toBe(403);
  await expect(other.getByRole('heading', { level: 1, name: 'Authorization Required' })).toBeVisible();
  await expect(other.getByText(orderNumber)).toHaveCount(0);
  await expect(other.getByText(TRACKING)).toHaveCount(0);
  await marlowe.close();

  // On another storefront (Kestrel's partner portal at 127.0.0.1) the number names no order at all.
  const otherOrigin = `http://127.0.0.1:${new URL(baseURL ?? '').port}`;
  const kestrel = await browser.newContext({ baseURL: otherOrigin });
  const partner = await kestrel.newPage();
  await signIn.byCookie(partner, 'manager@kestrel.example', otherOrigin);
  expect((await partner.goto(`${LIST}/${orderNumber}`))?.status()).toBe(404);
  await expect(partner.getByRole('heading', { level: 1, name: 'There is no such order.' })).toBeVisible();
  await expect(partner.getByText(TRACKING)).toHaveCount(0);
  await kestrel.close();
});

test('a buyer cancels an order the supplier has not confirmed, after saying so', async ({ page }) => {
  test.setTimeout(120_000);
  const orderNumber = await placeOrder(page, 'purchasing@halvorsen.example', `PO-CANCEL-${Date.now()}`);
  await page.getByRole('link', { name: 'Track this order' }).click();
  await expect(fact(page, 'Status')).toHaveText('Placed');

  // The first press only asks; keeping the order leaves it as it was.
  await page.getByRole('link', { name: 'Cancel order' }).click();
  const question = page.getByRole('form', { name: `Cancel order ${orderNumber}?` });
  await expect(question).toBeVisible();
  await expect(question.getByRole('heading', { name: `Cancel order ${orderNumber}?` })).toBeFocused();
  await checkLayouts(page, 'order-cancel', [390]);
  await question.getByRole('link', { name: 'Keep the order' }).click();
  await expect(question).toHaveCount(0);
  await expect(fact(page, 'Status')).toHaveText('Placed');

  await page.getByRole('link', { name: 'Cancel order' }).click();
  await question.getByLabel('Reason (optional)').fill('Ordered the wrong kit size.');
  await question.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You cancelled this order.' })).toBeVisible();
  await expect(fact(page, 'Status')).toHaveText('Cancelled');
  await expect(timeline(page)).toHaveCount(2);
  await expect(timeline(page).nth(1)).toContainText(/^Cancelled .+ UTC by Sofie Strand/);
  await expect(timeline(page).nth(1)).toContainText('Ordered the wrong kit size.');
  await expect(page.getByRole('link', { name: 'Cancel order' })).toHaveCount(0);

  // A cancelled order stays on the list, as cancelled.
  await page.goto(`${LIST}?status=cancelled`);
  const row = page.getByRole('row', { name: new RegExp(orderNumber) });
  await expect(row.getByRole('cell', { name: 'Cancelled', exact: true })).toBeVisible();
});
