import { expect, type Page, test } from '@playwright/test';
import { cart } from './support/cart';
import { checkLayouts, horizontalOverflow, keepScreenshot } from './support/layout';
import { catalogue } from './support/storefront';

/** Puts the first two antibodies in a guest cart and opens it. */
async function cartWithTwoLines(page: Page): Promise<void> {
  await page.goto('/');
  await catalogue.openCategory(page, 'Flow Cytometry Antibodies');
  const [first = '', second = ''] = (await catalogue.productLinks(page).allInnerTexts()).map((name) =>
    name.trim(),
  );
  await cart.addFromHere(page, first);
  await cart.addFromHere(page, second, 2);
  await cart.open(page);
  await expect(cart.lines(page)).toHaveCount(2);
}

test('the cart table keeps each line on one row under its headings, and labels the amounts on a phone', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await cartWithTwoLines(page);

  const headers = await page.locator('.cart__table thead th').evaluateAll((cells) =>
    cells.map((cell) => {
      const { left, right } = cell.getBoundingClientRect();
      return { left, right, text: cell.textContent?.trim() };
    }),
  );
  for (const row of await cart.lines(page).all()) {
    const cells = await row.locator('td').all();
    expect(cells).toHaveLength(headers.length);
    const boxes = await Promise.all(cells.map((cell) => cell.boundingBox()));
    const top = boxes[0]?.y ?? Number.NaN;
    boxes.forEach((box, column) => {
      if (!box) throw new Error(`cell ${column} is not rendered`);
      expect(Math.abs(box.y - top), `top of cell ${column}`).toBeLessThanOrEqual(1);
      const header = headers[column];
      if (!header) throw new Error(`no header for column ${column}`);
      // The heading and the cell share part of their width: the value sits in its own column.
      expect(Math.min(box.x + box.width, header.right) - Math.max(box.x, header.left)).toBeGreaterThan(0);
    });
  }
  await keepScreenshot(page, testInfo, 'cart-1280');
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await page.setViewportSize({ width: 390, height: 844 });
  // The header row is hidden on a phone: each amount carries its column's heading instead.
  const line = cart.lines(page).first();
  for (const column of [2, 3]) {
    const shown = await line
      .locator('td')
      .nth(column)
      .evaluate((cell) => {
        const before = getComputedStyle(cell, '::before');
        return before.display === 'none' ? null : before.content;
      });
    expect(shown).toBe(JSON.stringify(headers[column]?.text));
  }
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await keepScreenshot(page, testInfo, 'cart-390');

  // Compact lines: the product first, then the quantity stepper beside the line total and Remove.
  for (const row of await cart.lines(page).all()) {
    const cells = row.locator('td');
    const [product, qty, total, remove] = await Promise.all(
      [0, 1, 3, 4].map(async (column) => (await cells.nth(column).boundingBox()) ?? undefined),
    );
    if (!product || !qty || !total || !remove) throw new Error('a cell of the line is not rendered');
    expect((await row.boundingBox())?.height, 'line height').toBeLessThanOrEqual(130);
    expect(qty.y).toBeGreaterThanOrEqual(product.y + product.height);
    for (const beside of [total, remove]) {
      expect(Math.abs(beside.y + beside.height / 2 - (qty.y + qty.height / 2))).toBeLessThanOrEqual(8);
    }
    await expect(row.getByRole('textbox', { name: /^Quantity of / })).toBeVisible();
  }
  // Every width: axe clean, no sideways scrolling, a screenshot each.
  await checkLayouts(page, 'cart');
});
