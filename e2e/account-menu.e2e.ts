import { expect, test } from '@playwright/test';
import { seriousAccessibilityViolations } from './support/axe';
import { horizontalOverflow, keepScreenshot } from './support/layout';
import { signIn } from './support/sign-in';

// The account area has one page so far: managers and portal users see the same entries until Users lands.
for (const username of ['manager@halvorsen.example', 'buyer@halvorsen.example']) {
  test(`${username} reaches the account pages from the header's menu, by keyboard`, async ({
    page,
  }, testInfo) => {
    await signIn.byCookie(page, username);
    await page.goto('/');
    const toggle = signIn.accountMenu(page, username);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // Once the page has hydrated (the helper waits for it), the keyboard alone drives the menu.
    await signIn.openAccountMenu(toggle);
    await page.keyboard.press('Escape');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByRole('banner').locator('.account-menu__panel');
    await expect(toggle).toHaveAttribute('aria-controls', (await panel.getAttribute('id')) ?? '');
    await expect(panel.getByRole('link')).toHaveText([
      'Your account',
      'Orders',
      'Approvals',
      'Quotes and orders',
      'Requisition lists',
      'Profile and security',
    ]);
    await expect(panel.getByRole('button')).toHaveText(['Sign out']);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, testInfo, 'account-menu');

    await page.keyboard.press('Tab');
    await expect(panel.getByRole('link', { name: 'Your account' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await page.getByRole('main').click({ position: { x: 5, y: 5 } });
    await expect(panel).toBeHidden();

    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/billing\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(panel).toBeHidden();

    // The account's quotes and orders are one click from the area's navigation and from the header's menu.
    await page
      .getByRole('navigation', { name: 'Your account' })
      .getByRole('link', { name: 'Quotes and orders' })
      .click();
    await expect(page).toHaveURL(/\/quotes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Quotes and orders' })).toBeVisible();
    await page.goto('/billing/account');
    await toggle.click();
    await panel.getByRole('link', { name: 'Quotes and orders' }).click();
    await expect(page).toHaveURL(/\/quotes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Quotes and orders' })).toBeVisible();
    await expect(panel).toBeHidden();

    // On a phone the open menu stays within the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await toggle.click();
    await expect(panel).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, testInfo, 'account-menu-390');
  });
}
