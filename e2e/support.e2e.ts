import { expect, test } from '@playwright/test';
import { checkLayouts } from './support/layout';
import { signIn } from './support/sign-in';

// Halvorsen owns the 4-way cell sorter CS4-2019-00417 (docs/decisions/0034); every case filed here is new.
const USER = 'purchasing@halvorsen.example';
const SORTER = 'Cell Sorter, 4-way, 4-laser · CS4-2019-00417';
const CLOGGED = 'Clogged flow cell: high event rate with debris and an unstable stream';
/** A 1×1 PNG: the CRM checks an attachment by its content, so it must be a real one. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a lab finds the clogged flow cell article as it types, reads it and opens a case with a photo', async ({
  page,
}) => {
  await page.goto('/support');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn.byCookie(page, USER);
  await page.goto('/support');
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();

  // Matching articles appear while typing, without a submit.
  const search = page.getByRole('search', { name: 'Knowledge articles' });
  const results = page.locator('.support-results__list > li');
  // Results while typing come from the page's script: once they show, the form is live (a choice made before
  // the page hydrated is set back by it, so the typing is repeated until they do).
  await expect(async () => {
    await search.getByLabel('Symptoms').fill('clogged flow cell, high event rate');
    await expect(results.first().getByRole('link')).toHaveText(CLOGGED, { timeout: 2_000 });
  }).toPass();
  await search.getByLabel('Instrument').selectOption({ label: SORTER });
  await expect(search.getByLabel('Instrument').locator('option:checked')).toHaveText(SORTER);
  // The article link carries the search, instrument included, back to the case form.
  await expect(results.first().getByRole('link')).toHaveAttribute('href', /instrument=[^&]+/);
  await expect(results.first().getByRole('link')).toHaveText(CLOGGED);
  await expect(results.first().locator('mark').first()).toBeVisible();
  await checkLayouts(page, 'support-search');

  await results.first().getByRole('link', { name: CLOGGED }).click();
  await expect(page.getByRole('heading', { level: 1, name: CLOGGED })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Resolution' })).toBeVisible();
  await expect(page.getByText(/Run the Clean Flow Cell routine/)).toBeVisible();
  // The printable procedure is a PDF, a kind C§5 shows in the browser: its link opens it there.
  const procedure = page.getByRole('link', { name: /^KB-\d{6}-procedure\.pdf$/ });
  await expect(procedure).toHaveAttribute('target', '_blank');
  const file = await page.request.get((await procedure.getAttribute('href')) ?? '');
  expect(file.headers()['content-disposition']).toMatch(/^inline; filename="KB-\d{6}-procedure\.pdf"$/);
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await checkLayouts(page, 'support-article');

  // Still clogged: the case form comes back filled with the symptoms and the sorter.
  await page.getByRole('link', { name: 'open a case' }).click();
  const caseForm = page.locator('.support-case__form');
  await expect(caseForm.getByLabel('Symptoms *')).toHaveValue('clogged flow cell, high event rate');
  await expect(caseForm.getByLabel('Instrument *')).toHaveValue(/.+/);
  await expect(caseForm.getByLabel('Instrument *').locator('option:checked')).toHaveText(SORTER);

  const subject = `Sorter still clogs after cleaning ${Date.now()}`;
  await caseForm.getByLabel('Subject').fill(subject);
  await caseForm.getByLabel('Priority *').selectOption('High');
  await caseForm.getByLabel('Phone for a call back').fill('+47 22 85 50 50');
  await caseForm
    .getByLabel('Photo or file')
    .setInputFiles({ name: 'flow-cell.png', mimeType: 'image/png', buffer: PNG });
  await checkLayouts(page, 'support-case-form');
  await caseForm.getByRole('button', { name: 'Open a case' }).click();

  await expect(page).toHaveURL(/\/billing\/cases\/[\w-]+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`CS-\\d{6}: ${subject}`) }),
  ).toBeVisible();
  await expect(page.getByText('Cell Sorter, 4-way, 4-laser, serial CS4-2019-00417')).toBeVisible();
  await expect(page.getByRole('link', { name: /flow-cell\.png/ })).toBeVisible();

  await page.goto('/billing/cases');
  await expect(page.getByRole('link', { name: new RegExp(subject) })).toBeVisible();
});

test('the case form says what is missing beside each field', async ({ page }) => {
  await signIn.byCookie(page, USER);
  await page.goto('/support');
  await expect(page).toHaveURL(/\/support$/);
  const caseForm = page.locator('.support-case__form');
  await caseForm.getByRole('button', { name: 'Open a case' }).click();
  await expect(caseForm.getByLabel('Instrument *')).toHaveAccessibleDescription(
    /Choose the instrument the case is about\.$/,
  );
  await expect(caseForm.getByLabel('Symptoms *')).toHaveAccessibleDescription(
    /Describe the symptoms in a few words\.$/,
  );
  await checkLayouts(page, 'support-case-messages');
});

test('without script the search is a plain form that shows the articles', async ({
  page,
  browser,
  baseURL,
}) => {
  // The signed-in session, its cookies, then serves a page without script.
  await signIn.byCookie(page, USER);
  await page.goto('/support');
  await expect(page).toHaveURL(/\/support$/);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    storageState: await page.context().storageState(),
  });
  const plain = await context.newPage();
  await plain.goto('/support');
  await plain.getByRole('search').getByLabel('Symptoms').fill('flow cell clogging');
  await plain.getByRole('button', { name: 'Search articles' }).click();
  await expect(plain).toHaveURL(/symptoms=flow\+cell\+clogging/);
  await expect(plain.getByRole('link', { name: CLOGGED })).toBeVisible();
  await context.close();
});
