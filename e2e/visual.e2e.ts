import { expect, type Page, test } from '@playwright/test';
import { cart } from './support/cart';
import { horizontalOverflow, keepScreenshot } from './support/layout';
import { catalogue } from './support/storefront';

const CATEGORY = 'Flow Cytometry Antibodies';

/** The pages a buyer meets first, in the order a guest reaches them; each returns once its page shows. */
const PAGES: { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: 'home',
    open: async (page) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
  { name: 'category', open: (page) => catalogue.openCategory(page, CATEGORY) },
  {
    name: 'product',
    open: async (page) => {
      const name = (await catalogue.productLinks(page).first().innerText()).trim();
      await catalogue.productLinks(page).first().click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await cart.addFromHere(page, name);
    },
  },
  {
    name: 'cart',
    open: async (page) => {
      await cart.open(page);
      await expect(cart.lines(page)).toHaveCount(1);
    },
  },
  {
    name: 'sign-in',
    open: async (page) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    },
  },
];

for (const width of [390, 768, 1280]) {
  test(`at ${width} px the first pages fit the width, screenshots kept`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    for (const { name, open } of PAGES) {
      await open(page);
      await keepScreenshot(page, testInfo, `${name}-${width}`);
      const overflow = await horizontalOverflow(page);
      expect(overflow, `${name} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
    }
  });
}
