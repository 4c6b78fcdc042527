import { expect, test } from '@playwright/test';
import { seriousAccessibilityViolations } from './support/axe';
import { openDisclosure } from './support/disclosure';
import { firstProductTop, keepScreenshot } from './support/layout';
import { catalogue } from './support/storefront';

const CATEGORY = 'Flow Cytometry Antibodies';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the categories open from the menu button, by mouse and keyboard', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  const toggle = catalogue.menuButton(page);
  const link = catalogue.navigation(page).getByRole('link', { name: CATEGORY, exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(link).toBeHidden();

  await openDisclosure(toggle);
  await expect(link).toBeVisible();
  const list = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
  await expect(list.getByRole('link', { name: CATEGORY, exact: true })).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'menu-open-390');
  await toggle.click();
  await expect(link).toBeHidden();

  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(link).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(list.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(link).toBeHidden();
  await expect(toggle).toBeFocused();

  await page.keyboard.press('Space');
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: CATEGORY })).toBeVisible();
  await expect(link).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('on a phone the filters wait in a drawer, and each applied filter shows as a chip that removes it', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await catalogue.openCategory(page, CATEGORY);
  expect(await firstProductTop(page)).toBeLessThan(844);
  const filtersButton = page.getByRole('button', { name: /^Filters/ });
  const form = page.getByRole('form', { name: 'Filter products' });
  await expect(filtersButton).toHaveText('Filters');
  await expect(form).toBeHidden();

  await openDisclosure(filtersButton);
  await expect(form).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await form.getByRole('checkbox', { name: /^PE \(\d+\)$/ }).check();
  await expect(page).toHaveURL(/Conjugate=PE(&|$)/);
  await form.getByRole('checkbox', { name: /^FITC \(\d+\)$/ }).check();
  await expect(page).toHaveURL(/Conjugate=FITC(&|$)/);
  const chips = page.getByRole('list', { name: 'Applied filters' });
  // The chips follow the order of the form's options (FITC before PE), Clear all last.
  await expect(chips.getByRole('link')).toHaveText([
    'Remove Conjugate: FITC×',
    'Remove Conjugate: PE×',
    'Clear all',
  ]);
  await expect(filtersButton).toHaveText('Filters (2)');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'filters-open-390');

  // The drawer closes on Escape; the chips stay above the list.
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(filtersButton).toBeFocused();

  await chips.getByRole('link', { name: 'Remove Conjugate: PE' }).click();
  await expect(page).not.toHaveURL(/Conjugate=PE(&|$)/);
  await expect(chips.getByRole('link')).toHaveText(['Remove Conjugate: FITC×', 'Clear all']);
  await expect(filtersButton).toHaveText('Filters (1)');
  for (const name of await catalogue.productLinks(page).allInnerTexts()) expect(name).toMatch(/, FITC$/);
  await openDisclosure(filtersButton);
  await expect(form.getByRole('checkbox', { name: /^PE \(\d+\)$/ })).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: /^FITC \(\d+\)$/ })).toBeChecked();

  await chips.getByRole('link', { name: 'Clear all' }).click();
  await expect(chips).toBeHidden();
  await expect(filtersButton).toHaveText('Filters');
  await expect(page).not.toHaveURL(/Conjugate=/);
});

test('a chip removes its filter without JavaScript too', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto(`${baseURL}/`);
  // Closed, the menu's links are hidden, yet in the page.
  const href = await catalogue
    .navigation(page)
    .getByRole('link', { name: CATEGORY, exact: true, includeHidden: true })
    .getAttribute('href');
  await page.goto(`${baseURL}${href}?Conjugate=PE&Conjugate=FITC`);
  await page.getByRole('link', { name: 'Remove Conjugate: PE' }).click();
  await expect(page).toHaveURL(new RegExp(`${href}\\?Conjugate=FITC$`));
  await expect(page.getByRole('link', { name: 'Remove Conjugate: FITC' })).toBeVisible();
  await context.close();
});
