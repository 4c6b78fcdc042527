import { expect, type Locator, type Page } from '@playwright/test';

/** An amount as the page shows it ('$1,234.50', '−$25.00') → its absolute number. */
export const amount = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

/** Page-object helpers for adding to the cart and for /cart, by role and accessible name. */
export const cart = {
  toasts: (page: Page) => page.getByRole('region', { name: 'Notifications' }),

  async addFromHere(page: Page, productName: string, qty = 1): Promise<void> {
    if (qty !== 1)
      await page.getByRole('spinbutton', { name: `Quantity of ${productName}` }).fill(String(qty));
    await page.getByRole('button', { name: `Add to Cart ${productName}` }).click();
    await expect(cart.toasts(page)).toContainText(`${productName} (${qty}) was added to your cart.`);
  },

  /** The header's cart link: 'Cart', with the cart's total once there is one. */
  headerLink: (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart( |$)/ }),

  async open(page: Page): Promise<void> {
    await cart.headerLink(page).click();
  },

  line: (page: Page, productName: string): Locator =>
    page.getByRole('row').filter({ has: page.getByText(productName, { exact: true }) }),

  lines: (page: Page) => page.locator('.cart__table tbody tr'),

  async unitPrice(line: Locator): Promise<number> {
    return amount(await line.getByTestId('unit-price').innerText());
  },

  async total(page: Page, name: 'subtotal' | 'discount' | 'total'): Promise<number> {
    return amount(await page.getByTestId(`cart-${name}`).innerText());
  },

  emptyHeading: (page: Page) => page.getByRole('heading', { level: 1, name: 'Your cart is empty' }),

  storedQuoteId: (page: Page) => page.evaluate(() => window.localStorage.getItem('EC_Quote_Id')),
};
