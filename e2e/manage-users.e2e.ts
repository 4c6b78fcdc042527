import { expect, type Page, test } from '@playwright/test';
import { seriousAccessibilityViolations } from './support/axe';
import { checkLayouts } from './support/layout';
import { temporaryPasswordSentTo } from './support/mailbox';
import { SIGN_IN_TIMEOUT, signIn } from './support/sign-in';

// A manager manages the people of their account (spec P§2-P§8, issue 12).

const PAGE = '/billing/manageusers';

async function openAs(page: Page, username: string, origin?: string) {
  await signIn.byCookie(page, username, origin);
  await page.goto(`${origin ?? ''}${PAGE}`);
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await interactive(page);
}

/** The page's forms take input once it has hydrated. */
async function interactive(page: Page) {
  await expect(page.locator('.manage-users[data-interactive="true"]')).toBeVisible();
}

/** The count a tab shows, e.g. count(page, 'User status', 'Inactive'). */
async function count(page: Page, tabs: string, label: string): Promise<number> {
  const tab = page
    .getByRole('navigation', { name: tabs })
    .getByRole('link', { name: new RegExp(`^${label} \\d`) });
  return Number((await tab.locator('.manage-users__count').textContent())?.replace(/\D/g, ''));
}

async function counts(page: Page) {
  return {
    all: await count(page, 'User status', 'All Users'),
    inactive: await count(page, 'User status', 'Inactive'),
    active: await count(page, 'User status', 'Active'),
    invited: await count(page, 'User status', 'Invited'),
    managers: await count(page, 'User role', 'Manager'),
    users: await count(page, 'User role', 'Users'),
  };
}

const rowOf = (page: Page, email: string) => page.locator(`tr[data-user="${email}"]`);

/** Opens a user's actions unless they are open (they stay open after an action that left the row as it was). */
async function openActions(page: Page, email: string) {
  const row = rowOf(page, email);
  const open = await row.locator('details').evaluate((details) => (details as HTMLDetailsElement).open);
  if (!open) await row.getByText('Actions').click();
  return row;
}

/** Opens a user's actions and presses one; the toast says it worked. */
async function act(page: Page, email: string, button: RegExp, toast: string) {
  const row = await openActions(page, email);
  await row.getByRole('button', { name: button }).click();
  await expect(page.getByText(toast)).toBeVisible();
}

test('a manager invites a user, who signs in with the mailed password; then deactivates, activates, resets and promotes them', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `invitee-${Date.now()}@halvorsen.example`;
  await openAs(page, 'manager@halvorsen.example');
  await checkLayouts(page, 'manage-users');
  const before = await counts(page);

  await page.getByText('New user').click();
  const form = page.locator('.new-user');
  // A name of spaces passes the browser's check but not the server's, which answers beside the field.
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('First name').fill('Nora');
  await form.getByLabel('Last name').fill('   ');
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(form.getByText('Last name is required')).toBeVisible();
  await checkLayouts(page, 'manage-users-new-user-problem');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('First name').fill('Nora');
  await form.getByLabel('Last name').fill('Lund');
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('User created successfully.')).toBeVisible();
  await expect(rowOf(page, email)).toContainText('Invited');
  // Newest first.
  await expect(page.locator('tbody tr').first()).toHaveAttribute('data-user', email);
  expect(await counts(page)).toEqual({
    ...before,
    all: before.all + 1,
    invited: before.invited + 1,
    users: before.users + 1,
  });

  // The invitee signs in with the temporary password and chooses their own.
  const password = await temporaryPasswordSentTo(email);
  const invitee = await browser.newPage();
  await invitee.goto('/login');
  await signIn.withPassword(invitee, email, password);
  await invitee.getByLabel('New password').fill('Nora-Chosen-2026!');
  await invitee.getByRole('button', { name: 'Set password' }).click();
  await expect(invitee).not.toHaveURL(/\/login/, { timeout: SIGN_IN_TIMEOUT });
  await invitee.close();

  await page.goto(PAGE);
  await interactive(page);
  await expect(rowOf(page, email)).toContainText('Active');
  const signedIn = await counts(page);
  expect(signedIn.active).toBe(before.active + 1);

  await openActions(page, email);
  await checkLayouts(page, 'manage-users-actions');
  await act(page, email, /^Deactivate/, 'User deactivated successfully.');
  await expect(rowOf(page, email)).toContainText('Inactive');
  expect(await counts(page)).toMatchObject({ inactive: signedIn.inactive + 1, active: signedIn.active - 1 });

  await act(page, email, /^Activate/, 'User activated successfully.');
  await expect(rowOf(page, email)).toContainText('Invited');
  expect(await counts(page)).toMatchObject({ inactive: signedIn.inactive, invited: signedIn.invited + 1 });

  await act(page, email, /^Reset password/, 'A password reset code was sent to the user.');

  const row = await openActions(page, email);
  await row.getByLabel(/^Role of/).selectOption('AWSManager');
  await row.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByText('User role updated successfully.')).toBeVisible();
  await expect(rowOf(page, email).locator('td[data-label="Role"]')).toHaveText('Manager');
  expect(await counts(page)).toMatchObject({ managers: signedIn.managers + 1, users: signedIn.users - 1 });

  // The manager's own row has no actions.
  await expect(rowOf(page, 'manager@halvorsen.example')).toContainText('No actions');
});

test('a portal user sees their account’s users without any action', async ({ page }) => {
  await openAs(page, 'buyer@halvorsen.example');
  await expect(
    page.getByText('Only a manager of your account can invite users or change them.'),
  ).toBeVisible();
  await expect(rowOf(page, 'manager@halvorsen.example')).toBeVisible();
  await expect(page.getByText('New user')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Actions/ })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test('the partner portal’s manager sees only Kestrel’s users, never Halvorsen’s', async ({
  page,
  baseURL,
}) => {
  const partner = `http://127.0.0.1:${new URL(baseURL ?? '').port}`;
  await openAs(page, 'manager@kestrel.example', partner);
  await expect(rowOf(page, 'manager@kestrel.example')).toBeVisible();
  await expect(page.locator('tbody')).not.toContainText('halvorsen.example');
  await page.goto(`${partner}${PAGE}?q=halvorsen`);
  await expect(page.getByText('No users match.')).toBeVisible();
});
