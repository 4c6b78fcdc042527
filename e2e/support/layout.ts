import type { Page, TestInfo } from '@playwright/test';

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
