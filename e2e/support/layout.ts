import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { seriousAccessibilityViolations } from './axe';

/**
 * A full-page screenshot, kept with the test's results and attached to its report so a person can look.
 * Toasts come and go and would hide what the screenshot is for.
 */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true, style: '.toasts { display: none; }' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** How far the page scrolls sideways, in px; 0 or less when it fits the viewport's width. */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);

/**
 * Cells of a table row that do not start at the row's top edge, as 'table: row r, cell c is n px lower'.
 * Rows a phone lays out as cards (not as table rows) are left out: their cells stack on purpose.
 */
export const cellsOffTheirRow = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('table')].flatMap((table, tableIndex) => {
      const name =
        table.getAttribute('aria-label') ?? table.caption?.textContent ?? `table ${tableIndex + 1}`;
      return [...table.rows].flatMap((row, rowIndex) => {
        if (getComputedStyle(row).display !== 'table-row') return [];
        const tops = [...row.cells].map((cell) => cell.getBoundingClientRect().top);
        const top = Math.min(...tops);
        return tops.flatMap((cellTop, cellIndex) =>
          cellTop - top > 1
            ? [`${name}: row ${rowIndex + 1}, cell ${cellIndex + 1} is ${Math.round(cellTop - top)} px lower`]
            : [],
        );
      });
    }),
  );

/** The height of the page's banner (the header and navigation) in px; 0 on a page without one (sign-in). */
export async function headerHeight(page: Page): Promise<number> {
  const banner = page.getByRole('banner');
  return (await banner.count()) > 0 ? ((await banner.boundingBox())?.height ?? 0) : 0;
}

/** How far down the page the first product of the list starts, in px from the top of the page. */
export const firstProductTop = (page: Page) =>
  page
    .locator('.product-list__results .product-tile')
    .first()
    .evaluate((tile) => tile.getBoundingClientRect().top + window.scrollY);

/**
 * A page at a desktop, a tablet and a phone width (or those given): no serious accessibility violation, no sideways
 * scrolling, table cells on their rows, and a screenshot of each to look at; it ends at the desktop width.
 */
export async function checkLayouts(page: Page, name: string, widths = [1280, 768, 390]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await cellsOffTheirRow(page)).toEqual([]);
    await keepScreenshot(page, test.info(), `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
