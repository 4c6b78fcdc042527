import { expect, type Page } from '@playwright/test';
import { openDisclosure } from './disclosure';

/** Page-object helpers for the guest catalogue, by role and accessible name. */
export const catalogue = {
  navigation: (page: Page) => page.getByRole('navigation', { name: 'Product categories' }),

  /** The navigation's menu button, shown on phones and tablets instead of the category bar. */
  menuButton: (page: Page) => catalogue.navigation(page).getByRole('button', { name: 'Menu' }),

  /** Follows a category link of the navigation, through the menu on phones and tablets. */
  async openCategory(page: Page, name: string): Promise<void> {
    const menu = catalogue.menuButton(page);
    if (await menu.isVisible()) await openDisclosure(menu);
    await catalogue.navigation(page).getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  },

  resultCount: (page: Page) => page.getByRole('status').filter({ hasText: /Showing \d/ }),

  /** The product name links of the list on the page, in display order. */
  productLinks: (page: Page) =>
    page.locator('.product-list__results').getByRole('heading', { level: 2 }).getByRole('link'),

  tierTable: (page: Page) => page.getByRole('table', { name: 'Volume pricing' }),

  /** The unit price of each tier row, in display order, as numbers. */
  async tierPrices(page: Page): Promise<{ range: string; price: number }[]> {
    const rows = catalogue.tierTable(page).locator('tbody tr');
    const count = await rows.count();
    const tiers: { range: string; price: number }[] = [];
    for (let index = 0; index < count; index++) {
      const row = rows.nth(index);
      const range = (await row.getByRole('rowheader').innerText()).trim();
      const price = Number((await row.getByRole('cell').first().innerText()).replace(/[^0-9.]/g, ''));
      tiers.push({ range, price });
    }
    return tiers;
  },
};
