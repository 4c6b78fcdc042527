import { expect, type Page, test } from '@playwright/test';
import { keepScreenshot } from './support/layout';
import { signIn } from './support/sign-in';

// Suggestions as the buyer types in the header's search box (issue 34): the ARIA combobox pattern, by keyboard,
// and only ever from the catalogue of the account the viewer shops for.

/** A product the Full catalogue sells (guests, Marlowe) and Halvorsen's own catalogue does not. */
const NOT_FOR_HALVORSEN = { sku: 'IMC-10017', name: 'ER Stain, Blue' };

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Search suggestions' });

/** Types into the header's box as a person does, and waits for the suggestions of the whole text. */
async function typeSearch(page: Page, text: string) {
  const box = searchBox(page);
  await box.click();
  await box.fill('');
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).searchParams.get('q') === text &&
      response.url().includes('/api/search/suggest'),
  );
  await box.pressSequentially(text, { delay: 30 });
  await answered;
  await expect(page.locator('.search-form [aria-live="polite"]')).toHaveText(
    /^(\d+ suggestions?|No suggestions)$/,
  );
}

test('suggestions appear as a guest types, and the keyboard alone opens a product', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const box = searchBox(page);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await typeSearch(page, 'cd4 mono');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const listbox = suggestions(page);
  await expect(listbox).toBeVisible();
  await expect(box).toHaveAttribute('aria-controls', (await listbox.getAttribute('id')) ?? '');
  await expect(listbox.getByRole('group', { name: 'Products' })).toBeVisible();
  const options = listbox.getByRole('option');
  const count = await options.count();
  expect(count).toBeGreaterThan(1);
  await expect(page.locator('.search-form [aria-live="polite"]')).toHaveText(`${count} suggestions`);
  // Each product option is named by its name, SKU and price, as a screen reader reads it.
  const first = options.first();
  await expect(first).toHaveAccessibleName(/CD4 Monoclonal Antibody .*, FCA-\d+, \$[\d,]+\.\d\d$/);
  for (const width of [1280, 768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(listbox).toBeVisible();
    const [popup, form] = await Promise.all([
      listbox.boundingBox(),
      page.locator('.search-form').boundingBox(),
    ]);
    // Under the box, at least as wide as the search form: on a phone, the screen's width less its margins.
    expect(popup?.x).toBeCloseTo(form?.x ?? 0, 0);
    expect(popup?.width ?? 0).toBeGreaterThanOrEqual(Math.floor(form?.width ?? 0));
    expect((popup?.x ?? 0) + (popup?.width ?? 0)).toBeLessThanOrEqual(width);
    if (width === 390) expect(popup?.width).toBeGreaterThan(340);
    await keepScreenshot(page, test.info(), `search-suggestions-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await expect(box).not.toHaveAttribute('aria-activedescendant');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const second = options.nth(1);
  await expect(box).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id')) ?? '');
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(first).toHaveAttribute('aria-selected', 'false');
  const name = ((await second.getAttribute('aria-label')) ?? '').replace(/, [^,]+, [^,]+$/, '');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Escape closes the list, a second Escape empties the box; Enter with nothing highlighted searches.
  await typeSearch(page, 'cd8');
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(searchBox(page)).toHaveValue('cd8');
  await page.keyboard.press('Escape');
  await expect(searchBox(page)).toHaveValue('');
  await typeSearch(page, 'cd8 pe');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?searchText=cd8\+pe/);
  // The guest's search is kept by their browser and offered back.
  await typeSearch(page, 'cd8');
  await expect(
    suggestions(page).getByRole('group', { name: 'Recent searches' }).getByRole('option'),
  ).toHaveText(['cd8 pe']);
});

test("another account's catalogue shows nothing of itself in suggestions", async ({ browser }) => {
  const guest = await browser.newPage();
  await guest.goto('/');
  await typeSearch(guest, NOT_FOR_HALVORSEN.sku);
  await expect(
    suggestions(guest).getByRole('option', { name: new RegExp(NOT_FOR_HALVORSEN.name) }),
  ).toHaveCount(1);

  const marlowe = await browser.newPage();
  await signIn.byCookie(marlowe, 'buyer@marlowe.example');
  await marlowe.goto('/');
  await typeSearch(marlowe, NOT_FOR_HALVORSEN.sku);
  await expect(
    suggestions(marlowe).getByRole('option', { name: new RegExp(NOT_FOR_HALVORSEN.name) }),
  ).toHaveCount(1);

  const halvorsen = await browser.newPage();
  await signIn.byCookie(halvorsen, 'buyer@halvorsen.example');
  await halvorsen.goto('/');
  await typeSearch(halvorsen, NOT_FOR_HALVORSEN.sku);
  await expect(halvorsen.locator('.search-form [aria-live="polite"]')).toHaveText('No suggestions');
  await expect(searchBox(halvorsen)).toHaveAttribute('aria-expanded', 'false');
  await expect(halvorsen.getByText(NOT_FOR_HALVORSEN.name)).toHaveCount(0);
  // Nor through the route the box asks, whatever the request names.
  const answer = await halvorsen.request.get(`/api/search/suggest?q=${NOT_FOR_HALVORSEN.sku}`);
  expect(answer.ok()).toBe(true);
  expect(JSON.stringify(await answer.json())).not.toContain(NOT_FOR_HALVORSEN.sku);

  // A signed-in buyer's search page run is a recent search, offered back as they type.
  await halvorsen.goto('/search?searchText=cd4%20apc');
  await typeSearch(halvorsen, 'cd4');
  await expect(suggestions(halvorsen).getByRole('group', { name: 'Recent searches' })).toContainText(
    'cd4 apc',
  );
});

test('a text the box cannot ask about is refused with a reason, not a failure', async ({ request }) => {
  const long = await request.get(`/api/search/suggest?q=${'x'.repeat(101)}`);
  expect(long.status()).toBe(400);
  expect((await long.json()).message).toBe('The search text must be at most 100 characters.');
  const nul = await request.get('/api/search/suggest?q=cd%004');
  expect(nul.status()).toBe(400);
  expect((await nul.json()).message).toContain('NUL');
});
