import { expect, type Page, test } from '@playwright/test';
import { checkLayouts } from './support/layout';
import { signIn } from './support/sign-in';

// Every demo account starts with three service requests and two support cases (docs/decisions/0031).
const USER = 'buyer@halvorsen.example';
/** A 1×1 PNG: the CRM checks an attachment by its content, so it must be a real one. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function signInAt(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn.byCookie(page, USER);
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

test('a buyer files a request with an attachment, sees it listed, opens it and comments', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAt(page, '/billing/requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Service requests' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Centrifuge rotor imbalance alarm/ })).toBeVisible();
  await checkLayouts(page, 'requests-list');

  await page.getByRole('link', { name: 'New request' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New service request' })).toBeVisible();
  // Nothing filled in: each message beside its field.
  await page.getByRole('button', { name: 'File the request' }).click();
  await expect(page.getByText('Check the fields marked below.')).toBeVisible();
  await expect(page.getByLabel('Subject *')).toHaveAccessibleDescription('Enter a subject.');
  await expect(page.getByLabel('Category *')).toHaveAccessibleDescription('Choose the category.');
  await expect(page.getByLabel('Description *')).toHaveAccessibleDescription(/Enter the description\.$/);
  await checkLayouts(page, 'request-form-messages');

  // A file that is no document is refused beside the file field before anything is sent.
  await page
    .getByLabel('Attachment')
    .setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: PNG });
  await expect(page.getByLabel('Attachment')).toHaveAccessibleDescription(/Attach a pdf, doc/);

  const subject = `Incubator CO2 reading drifts ${Date.now()}`;
  await page.getByLabel('Subject *').fill(subject);
  await page.getByLabel('Priority *').selectOption('High');
  await page.getByLabel('Category *').selectOption('Instrument service');
  await page.getByLabel('Instrument serial number').fill('INC-240-7781');
  await page.getByLabel('Description *').fill('The CO2 reading climbs 1% an hour after the door is opened.');
  await page
    .getByLabel('Attachment')
    .setInputFiles({ name: 'display.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'File the request' }).click();

  await expect(page).toHaveURL(/\/billing\/requests\/request-[\w-]+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`SR-\\d{6}: ${subject}`) }),
  ).toBeVisible();
  await expect(page.getByText('INC-240-7781')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status history' })).toContainText('Request received.');
  const attachment = page.getByRole('link', { name: 'display.png', exact: true });
  await expect(attachment).toBeVisible();
  // A picture, a kind C§5 shows as an image: drawn small in the list, opened in the browser.
  await expect(attachment).toHaveAttribute('target', '_blank');
  await expect(attachment.locator('img')).toBeVisible();
  const [shown] = await Promise.all([page.waitForEvent('popup'), attachment.click()]);
  await expect(shown).toHaveURL(/\/api\/attachments\/[^/]+$/);
  await shown.close();
  const picture = await page.request.get((await attachment.getAttribute('href')) ?? '');
  expect(picture.headers()['content-type']).toBe('image/png');
  expect(picture.headers()['content-disposition']).toBe('inline; filename="display.png"');
  const requestPath = new URL(page.url()).pathname;

  // A further file: a renamed one is refused by its content, beside the field; a real one joins the list.
  const attach = page.getByLabel('Attach a file');
  await attach.setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: PNG });
  await expect(attach).toHaveAccessibleDescription(
    /The file was not attached: The file's content is not a PDF/,
  );
  await attach.setInputFiles({ name: 'display-2.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('link', { name: 'display-2.png' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'report.pdf' })).toHaveCount(0);
  const filePath = (await attachment.getAttribute('href')) ?? '';

  await page.getByLabel('Add a comment').fill('The instrument is in room C3; mornings suit us best.');
  await page.getByRole('button', { name: 'Add comment' }).click();
  const comments = page.getByRole('region', { name: 'Comments' });
  await expect(comments.getByText('The instrument is in room C3; mornings suit us best.')).toBeVisible();
  await expect(page.getByLabel('Add a comment')).toHaveValue('');
  await checkLayouts(page, 'request-detail');

  await page.getByRole('link', { name: 'All service requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Service requests' })).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('New');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/status=New/);
  const listed = page.getByRole('link', { name: new RegExp(subject) });
  await expect(listed).toBeVisible();
  await expect(page.getByRole('link', { name: /Centrifuge rotor imbalance alarm/ })).toHaveCount(0);

  // Another account's user (Kestrel, on the partner portal) gets neither the request nor its file.
  const partner = `http://127.0.0.1:${new URL(baseURL ?? '').port}`;
  const other = await browser.newPage();
  await signIn.byCookie(other, 'manager@kestrel.example', partner);
  await other.goto(`${partner}/billing/requests`);
  await expect(other.getByRole('link', { name: new RegExp(subject) })).toHaveCount(0);
  const file = await other.request.get(`${partner}${filePath}`, { maxRedirects: 0 });
  expect(file.status()).toBe(403);
  // A refused record is the storefront's Authorization Required page.
  expect((await other.goto(`${partner}${requestPath}`))?.status()).toBe(403);
  await expect(other.getByRole('heading', { level: 1, name: 'Authorization Required' })).toBeVisible();
  await other.close();
});

test('a seeded request shows its status history and comments from both sides', async ({ page }) => {
  await signInAt(page, '/billing/requests');
  await page.getByRole('link', { name: /Centrifuge rotor imbalance alarm/ }).click();
  const history = page.getByRole('region', { name: 'Status history' });
  await expect(history.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(history).toContainText('Drive shaft bearing replaced under warranty.');
  await expect(page.getByText('Field service (support)')).toBeVisible();
  await expect(page.getByText('Thursday works. The instrument is in room B214.')).toBeVisible();
});

test('a buyer reads the account’s support cases and opens one', async ({ page }) => {
  await signInAt(page, '/billing/cases');
  await expect(page.getByRole('heading', { level: 1, name: 'Support cases' })).toBeVisible();
  await checkLayouts(page, 'cases-list');
  await page.getByLabel('Status', { exact: true }).selectOption('Closed');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('link', { name: /Plate reader firmware update fails/ })).toHaveCount(0);
  await page.getByRole('link', { name: /Certificate of analysis missing/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: /CS-\d{6}: Certificate of analysis missing/ }),
  ).toBeVisible();
  await expect(page.getByText('Fetal bovine serum')).toBeVisible();
  await page.goto('/billing/cases');
  await page.getByRole('link', { name: /Plate reader firmware update fails/ }).click();
  await expect(page.getByText('Technical support (support)')).toBeVisible();
  await checkLayouts(page, 'case-detail');
});

test('a request or case of no one, or under another path, is not a page', async ({ page }) => {
  await signInAt(page, '/billing/requests');
  const missing = await page.goto('/billing/requests/request-no-such-request');
  expect(missing?.status()).toBe(404);
  const wrongPath = await page.goto('/billing/requests/no-such-page');
  expect(wrongPath?.status()).toBe(404);
  const noCase = await page.goto('/billing/cases/no-such-case');
  expect(noCase?.status()).toBe(404);
});
