import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { MESSAGES } from '../packages/contracts/src/messages';
import { checkLayouts } from './support/layout';
import { pdfText } from './support/pdf';
import { signIn } from './support/sign-in';

// A buyer's invoices (issue 13, docs/decisions/0029): every demo account starts with a year of history.

const LIST = '/billing/enhancedList';

async function signInAt(page: Page, username: string, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn.byCookie(page, username);
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

/** Downloads what the link names: its file name and its bytes. */
async function download(page: Page, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return { fileName: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

const statusCells = (page: Page) => page.locator('.data-table tbody .invoice-status');
const statuses = (page: Page) => statusCells(page).allInnerTexts();

test('a buyer filters invoices, exports the list, opens one and downloads its PDF', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAt(page, 'purchasing@halvorsen.example', LIST);
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(page.getByText(/^Showing 1–20 of \d+ invoices$/)).toBeVisible();
  expect(new Set(await statuses(page)).size).toBeGreaterThan(1);
  await checkLayouts(page, 'invoices');

  // Only what is overdue.
  await page.getByLabel('Status').selectOption('Overdue');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/status=Overdue/);
  await expect(statusCells(page).filter({ hasNotText: 'Overdue' })).toHaveCount(0);
  const overdue = await statuses(page);
  expect(overdue.length).toBeGreaterThan(0);
  expect(new Set(overdue)).toEqual(new Set(['Overdue']));

  // The CSV is the filtered list.
  const csv = await download(page, 'Download CSV');
  expect(csv.fileName).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = csv.bytes.toString('utf8').trimEnd().split('\r\n');
  expect(rows[0]).toBe(
    'Invoice number,Order number,Invoice date,Due date,Status,Currency,Amount,Balance,Cost centre',
  );
  expect(rows).toHaveLength(overdue.length + 1);
  expect(rows.slice(1).every((row) => row.split(',')[4] === 'Overdue')).toBe(true);

  // A range that ends before it starts is named beside its field; the list still shows.
  await page.getByLabel('Invoice date from').fill('2026-05-01');
  await page.getByLabel('Invoice date to').fill('2026-04-01');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('Must not be before the start date.')).toBeVisible();
  await expect(page.getByLabel('Invoice date to')).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('link', { name: 'Clear' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));

  // Open a paid one: its lines, charges, the payments applied and nothing left.
  await page.getByLabel('Status').selectOption('Paid');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/status=Paid/);
  await expect(statusCells(page).filter({ hasNotText: 'Paid' })).toHaveCount(0);
  const first = page.locator('.data-table tbody tr').first().getByRole('link');
  const number = (await first.innerText()).trim();
  await first.click();
  await expect(page).toHaveURL(/\/viewInvoice\?invoiceId=/);
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payments applied' })).toBeVisible();
  await expect(page.locator('.invoice__payments li')).not.toHaveCount(0);
  await checkLayouts(page, 'view-invoice');

  const pdf = await download(page, 'Download PDF');
  expect(pdf.fileName).toBe(`Invoice-${number}.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(pdf.bytes);
  expect(text).toContain(`Invoice ${number}`);
  expect(text).toContain('Balance due');

  // Another account's buyer (Kestrel, on the storefront at 127.0.0.1) gets the refusal, not the invoice.
  const invoiceUrl = new URL(page.url());
  const otherOrigin = `${invoiceUrl.protocol}//127.0.0.1:${invoiceUrl.port}`;
  const context = await browser.newContext({ baseURL: otherOrigin });
  const other = await context.newPage();
  await signIn.byCookie(other, 'manager@kestrel.example', otherOrigin);
  const refused = await other.goto(`${invoiceUrl.pathname}${invoiceUrl.search}`);
  expect(refused?.status()).toBe(403);
  await expect(other.getByText(MESSAGES.accessDenied)).toBeVisible();
  await expect(other.getByText(number)).toHaveCount(0);
  const pdfRefused = await other.request.get(`/viewInvoice/pdf${invoiceUrl.search}`);
  expect(pdfRefused.status()).toBe(403);
  await context.close();
});
