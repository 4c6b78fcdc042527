import { expect, type Locator } from '@playwright/test';

/** Opens a disclosure by its button; a click before the page has hydrated does nothing, so it clicks until it opens. */
export async function openDisclosure(toggle: Locator): Promise<void> {
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 500 });
  }).toPass();
}
