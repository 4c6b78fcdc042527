import { expect, type Locator, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PROFILES, DEMO_TOTP_SECRET, type Profile } from '../../server/src/demo-users';
import { openDisclosure } from './disclosure';

/** A demo user by username, as the server seeds and prints them. */
export function demoUser(username: string): Profile {
  const profile = Object.values(DEMO_PROFILES)
    .flat()
    .find((candidate) => candidate.username === username);
  if (!profile) throw new Error(`No demo user ${username}`);
  return profile;
}

/** SRP runs in the browser: on a loaded machine a sign-in takes longer than an assertion's default 5 s. */
export const SIGN_IN_TIMEOUT = 20_000;

export const authenticatorCode = () => generate({ secret: DEMO_TOTP_SECRET });

/** Page-object helpers for /login and the header's account corner. */
export const signIn = {
  heading: (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }),

  async withPassword(page: Page, username: string, password: string): Promise<void> {
    await expect(signIn.heading(page, 'Sign in')).toBeVisible();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  },

  /** Signs a demo user in and returns once the sign-in steps are done and the page has moved on. */
  async as(page: Page, username: string): Promise<void> {
    const user = demoUser(username);
    await signIn.withPassword(page, username, user.password);
    if (user.totpSecret) {
      await expect(signIn.heading(page, 'Enter the code from your authenticator app')).toBeVisible({
        timeout: SIGN_IN_TIMEOUT,
      });
      await page.getByLabel('Code').fill(await authenticatorCode());
      await page.getByRole('button', { name: 'Confirm' }).click();
    }
    await expect(page).not.toHaveURL(/\/login(\?|$)/, { timeout: SIGN_IN_TIMEOUT });
  },

  /** The header's account menu button, named after the user. */
  accountMenu(page: Page, username: string) {
    const { givenName, familyName } = demoUser(username);
    return page.getByRole('banner').getByRole('button', { name: `${givenName} ${familyName}`, exact: true });
  },

  /** Opens the account menu once the page has hydrated. */
  openAccountMenu: (toggle: Locator) => openDisclosure(toggle),

  /** The header shows who is signed in, with 'Sign out' in the account menu. */
  async expectSignedInAs(page: Page, username: string): Promise<void> {
    await signIn.openAccountMenu(signIn.accountMenu(page, username));
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.keyboard.press('Escape');
  },

  /** Signs out from the header's account menu, whoever is signed in. */
  async signOut(page: Page): Promise<void> {
    await signIn.openAccountMenu(page.getByRole('banner').locator('.account-menu__toggle'));
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  },

  async expectGuest(page: Page): Promise<void> {
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  },
};
