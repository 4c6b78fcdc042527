import { expect, type Page, test } from '@playwright/test';
import { MESSAGES } from '../packages/contracts/src/messages';
import { seriousAccessibilityViolations } from './support/axe';
import { cellsOffTheirRow, horizontalOverflow, keepScreenshot } from './support/layout';
import { signIn } from './support/sign-in';

// Every demo user starts with three notifications (docs/decisions/0026): a saved quote's details page, the
// account's list of quotes and orders, and the cart by a raw path written '//cart'.
const TITLES = ['Your quote is ready', 'Your quotes and orders', 'Items are waiting in your cart'];
const QUOTE_NAME = 'Flow cytometry panel, spring reorder';

const notificationsLink = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
const notificationList = (page: Page) => page.locator('.notification-list > li');
/** One notification of the list by its title; other tests' orders add notifications of their own. */
const notification = (page: Page, title: string) =>
  notificationList(page).filter({ has: page.getByRole('button', { name: title, exact: true }) });

async function signInAt(page: Page, username: string, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn.byCookie(page, username);
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

test('a user sees the count, lists their notifications, opens one to its record and reads the rest', async ({
  page,
}, testInfo) => {
  await signIn.byCookie(page, 'purchasing@halvorsen.example');
  await page.goto('/');
  await expect(notificationsLink(page)).toHaveAccessibleName(/^Notifications \d+ new$/);
  await keepScreenshot(page, testInfo, 'header-with-badge');
  // The bell and its badge keep the header's row: the account menu stays beside them.
  const bell = await notificationsLink(page).boundingBox();
  const menu = await signIn.accountMenu(page, 'purchasing@halvorsen.example').boundingBox();
  expect(
    Math.abs((bell?.y ?? 0) + (bell?.height ?? 0) / 2 - ((menu?.y ?? 0) + (menu?.height ?? 0) / 2)),
  ).toBeLessThan(4);

  await notificationsLink(page).click();
  await expect(page).toHaveURL(/\/billing\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  // Newest first; none read yet. Listing them marks them seen, so the badge goes.
  await expect(notification(page, TITLES[0] ?? '')).toBeVisible();
  const titles = await notificationList(page).locator('.notification__open').allInnerTexts();
  expect(titles.filter((title) => TITLES.includes(title))).toEqual(TITLES);
  for (const title of TITLES) await expect(notification(page, title)).toHaveClass(/notification--unread/);
  await expect(page.getByText(/^\d+ unread$/)).toBeVisible();
  await expect(notificationsLink(page)).toHaveAccessibleName('Notifications');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // A details page with a record number opens that record.
  await page.getByRole('button', { name: 'Your quote is ready', exact: true }).click();
  await expect(page).toHaveURL(/\/detail\/[^/?]+\?recordId=[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Quote' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: QUOTE_NAME })).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await notificationsLink(page).click();
  await expect(notification(page, 'Your quote is ready').locator('.notification__state')).toHaveText('Read');
  await expect(notification(page, 'Your quotes and orders')).toHaveClass(/notification--unread/);

  // A list page opens its list, where the record is too; sorting by date goes both ways.
  await page.getByRole('button', { name: 'Your quotes and orders', exact: true }).click();
  await expect(page).toHaveURL(/\/list\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes and orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Newest first' })).toHaveAttribute('aria-current', 'true');
  // The demo quote is the user's oldest: first when sorted oldest first.
  await page.getByRole('link', { name: 'Oldest first' }).click();
  await expect(page).toHaveURL(/\?sort=asc$/);
  await expect(page.getByRole('link', { name: 'Oldest first' })).toHaveAttribute('aria-current', 'true');
  const first = page.getByRole('row').nth(1);
  await expect(first).toContainText(QUOTE_NAME);
  await first.getByRole('link').click();
  await expect(page.getByRole('definition').filter({ hasText: QUOTE_NAME })).toBeVisible();

  // A raw path, double slashes collapsed.
  await notificationsLink(page).click();
  await page.getByRole('button', { name: 'Items are waiting in your cart', exact: true }).click();
  // A cart path opens the guidance first until the buyer has read it (spec P§2).
  await expect(page).toHaveURL(/\/(cart|guidance\?redirect=%2Fcart)$/);

  await notificationsLink(page).click();
  for (const title of TITLES) {
    await expect(notification(page, title).locator('.notification__state')).toHaveText('Read');
  }
});

test('marking read without opening, one or all at once', async ({ page }) => {
  await signInAt(page, 'manager@halvorsen.example', '/billing/notifications');
  await page.getByRole('button', { name: 'Mark as read: Your quotes and orders' }).click();
  await expect(notification(page, 'Your quotes and orders').locator('.notification__state')).toHaveText(
    'Read',
  );
  await expect(notification(page, 'Your quote is ready')).toHaveClass(/notification--unread/);
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('You have read them all.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Mark/ })).toHaveCount(0);
});

test('a visitor has no notifications link and is sent to sign in from the account pages', async ({
  page,
}) => {
  await page.goto('/');
  await signIn.expectGuest(page);
  await expect(notificationsLink(page)).toHaveCount(0);
  await page.goto('/billing/notifications');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fbilling%2Fnotifications$/);
});

test('another user’s record is refused, never shown', async ({ page, browser }) => {
  await signInAt(page, 'buyer@halvorsen.example', '/quotes?sort=asc');
  const href = await page
    .getByRole('row')
    .filter({ hasText: QUOTE_NAME })
    .getByRole('link')
    .getAttribute('href');
  expect(href).toMatch(/^\/detail\//);

  const other = await browser.newPage();
  await signInAt(other, 'manager@halvorsen.example', href ?? '/');
  await expect(other.getByText(MESSAGES.accessDenied)).toBeVisible();
  await expect(other.getByText(QUOTE_NAME)).toHaveCount(0);
  await other.close();
});

for (const width of [390, 768, 1280]) {
  test(`the notifications and record pages fit a ${width} px screen`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAt(page, 'buyer@halvorsen.example', '/billing/notifications');
    await expect(notification(page, TITLES[0] ?? '')).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, testInfo, `notifications-${width}`);

    await page.goto('/quotes?sort=asc');
    await expect(page.getByRole('heading', { level: 1, name: 'Quotes and orders' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await cellsOffTheirRow(page)).toEqual([]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, testInfo, `record-list-${width}`);

    await page.getByRole('row').filter({ hasText: QUOTE_NAME }).getByRole('link').click();
    await expect(page.getByRole('definition').filter({ hasText: QUOTE_NAME })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, testInfo, `record-detail-${width}`);
  });
}
