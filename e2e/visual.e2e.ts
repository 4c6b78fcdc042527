import { expect, type Page, test } from '@playwright/test';
import { cart } from './support/cart';
import {
  cellsOffTheirRow,
  firstProductTop,
  headerHeight,
  horizontalOverflow,
  keepScreenshot,
} from './support/layout';
import { signIn } from './support/sign-in';
import { catalogue } from './support/storefront';

const CATEGORY = 'Flow Cytometry Antibodies';

/** The pages a buyer meets first, in the order a guest reaches them, then the account's; each returns once its page shows. */
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
  {
    name: 'account',
    open: async (page) => {
      await signIn.byCookie(page, 'buyer@halvorsen.example');
      await page.goto('/account');
      await signIn.expectSignedInAs(page, 'buyer@halvorsen.example');
      await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    },
  },
  {
    name: 'change-password',
    open: async (page) => {
      await page.goto('/changePassword');
      await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
    },
  },
];

for (const width of [390, 768, 1280]) {
  test(`at ${width} px the pages fit the width and keep table rows level, screenshots kept`, async ({
    page,
  }, testInfo) => {
    const height = width < 768 ? 844 : 900;
    await page.setViewportSize({ width, height });
    for (const { name, open } of PAGES) {
      await open(page);
      await keepScreenshot(page, testInfo, `${name}-${width}`);
      const overflow = await horizontalOverflow(page);
      expect(overflow, `${name} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      expect(await cellsOffTheirRow(page), `${name}: cells below their row's top`).toEqual([]);
      if (width < 768) {
        // A phone's first screen is for the page, not the header.
        expect(await headerHeight(page), `${name}: header height`).toBeLessThanOrEqual(height * 0.25);
        if (name === 'category') {
          expect(await firstProductTop(page), 'first product top').toBeLessThan(height);
        }
      }
    }
  });
}
