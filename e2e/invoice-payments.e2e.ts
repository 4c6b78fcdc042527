import { expect, type Locator, type Page, test } from '@playwright/test';
import { checkLayouts } from './support/layout';
import { signIn } from './support/sign-in';

// Paying invoices online (issue 13, docs/decisions/0033): Marlowe's terms allow paying part of an invoice and
// it has a saved American Express; Halvorsen pays in full. Each test pays different invoices of its account.

const PAGE = '/billing/payment';

async function openAs(page: Page, username: string, path = PAGE) {
  await signIn.byCookie(page, username);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay invoices' })).toBeVisible();
}

const owedRows = (page: Page) => page.getByRole('group', { name: 'Invoices still owed' }).locator('tbody tr');

/** What a row of the owed list says: its invoice number and balance. */
async function rowFacts(row: Locator): Promise<{ number: string; balance: number }> {
  const number = (await row.getByRole('rowheader').innerText()).trim();
  const balance = Number((await row.locator('td[data-label="Balance"]').innerText()).replace(/[^0-9.]/g, ''));
  return { number, balance };
}

const money = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a buyer pays two invoices with a saved card, one in part, and sees the balances fall', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openAs(page, 'buyer@marlowe.example');
  await expect(page.getByText("Your account's terms let you pay part of an invoice")).toBeVisible();
  expect(await owedRows(page).count()).toBeGreaterThanOrEqual(2);
  await checkLayouts(page, 'pay-invoices');

  const first = await rowFacts(owedRows(page).nth(0));
  const second = await rowFacts(owedRows(page).nth(1));
  await page.getByRole('checkbox', { name: `Pay ${first.number}` }).check();
  await page.getByRole('checkbox', { name: `Pay ${second.number}` }).check();
  const secondAmount = page.getByLabel(`Amount to pay on ${second.number} (USD)`);
  const pay = page.getByRole('button', { name: /^Pay/ });
  await secondAmount.fill('ten');
  await pay.click();
  await expect(page.getByText('Enter the amount to pay, such as 250.00.')).toBeVisible();
  await secondAmount.fill(String(second.balance + 1));
  await pay.click();
  await expect(page.getByText(`Enter at most the balance, ${money(second.balance)}.`)).toBeVisible();
  await secondAmount.fill('0');
  await pay.click();
  await expect(page.getByText('Enter an amount more than 0.')).toBeVisible();
  await expect(secondAmount).toHaveAttribute('aria-invalid', 'true');
  await secondAmount.fill('10.00');
  const card = page.getByRole('radio', { name: /American Express •••• 1009/ });
  await expect(card).toBeChecked();
  const total = first.balance + 10;
  await expect(page.getByText(`Total to pay: ${money(total)}`)).toBeVisible();
  await page.getByRole('button', { name: `Pay ${money(total)}` }).click();

  const receipt = page.getByRole('status').filter({ hasText: 'Payment received' });
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText(`${money(total)} paid with American Express ending 1009`);
  const receiptNumber = (await receipt.locator('strong').innerText()).trim();
  expect(receiptNumber).toMatch(/^RCT-[0-9A-F]{12}$/);
  const paid = receipt.getByRole('list', { name: 'Invoices paid' });
  await expect(paid.getByRole('listitem').filter({ hasText: first.number })).toContainText(
    `paid ${money(first.balance)}, balance now ${money(0)}`,
  );
  await expect(paid.getByRole('listitem').filter({ hasText: second.number })).toContainText(
    `paid ${money(10)}, balance now ${money(second.balance - 10)}`,
  );
  // The fully paid invoice is no longer owed; the other is owed less.
  await expect(page.getByRole('checkbox', { name: `Pay ${first.number}` })).toHaveCount(0);
  const secondRow = owedRows(page).filter({ hasText: second.number });
  await expect(secondRow.locator('td[data-label="Balance"]')).toHaveText(money(second.balance - 10));
  // The paid choice is not kept: nothing is chosen for a next payment.
  await expect(page.getByText(`Total to pay: ${money(0)}`)).toBeVisible();
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await checkLayouts(page, 'pay-invoices-receipt');

  // The invoice lists the payment under the receipt's number.
  await paid.getByRole('link', { name: second.number }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(second.number) })).toBeVisible();
  await expect(page.getByText('American Express ending 1009')).toBeVisible();
  await expect(page.getByText(receiptNumber)).toBeVisible();
});

test('a buyer is told what is wrong with the choice, then pays on the hosted page, declined first', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openAs(page, 'purchasing@halvorsen.example');
  await expect(page.getByText('Each invoice is paid in full.')).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Choose at least one invoice to pay.')).toBeVisible();

  // An open (not overdue) invoice, so the overdue ones the invoice list is checked with stay as they are.
  const open = owedRows(page)
    .filter({ has: page.locator('.invoice-status--open') })
    .first();
  const invoice = await rowFacts(open);
  await page.getByRole('checkbox', { name: `Pay ${invoice.number}` }).check();
  await page.getByRole('radio', { name: /A new card/ }).check();
  await page.getByRole('button', { name: `Pay ${money(invoice.balance)}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Pay / })).toBeVisible();
  await expect(page.getByText(`Reference: ${invoice.number}`)).toBeVisible();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Sofie Strand');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/billing\/payment\?payment_request=/);
  await expect(page.getByRole('alert')).toContainText(
    'Your card was declined (card declined). Nothing was paid',
  );
  await expect(owedRows(page).filter({ hasText: invoice.number })).toHaveCount(1);

  await page.getByRole('checkbox', { name: `Pay ${invoice.number}` }).check();
  await page.getByRole('radio', { name: /A new card/ }).check();
  await page.getByRole('button', { name: `Pay ${money(invoice.balance)}` }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Sofie Strand');
  await page.getByRole('button', { name: /^Pay / }).click();
  const receipt = page.getByRole('status').filter({ hasText: 'Payment received' });
  await expect(receipt).toContainText(`${money(invoice.balance)} paid with Visa ending 4242`);
  await expect(owedRows(page).filter({ hasText: invoice.number })).toHaveCount(0);
});
