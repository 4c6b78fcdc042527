import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
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

/** Who signs in by cookie: a demo user by username, or a user a test made with its own password. */
type Credentials = string | { username: string; password: string };

/** The identity library's cookies live a year (amplify-config.ts). */
const TOKEN_COOKIE_DAYS = 365;

/** One call of the user-pool protocol at the storefront's identity endpoint; a refusal throws. */
async function identityCall(request: APIRequestContext, origin: string, operation: string, body: object) {
  const response = await request.post(`${origin}/identity`, {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    data: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok()) throw new Error(`${operation} was refused (${response.status()}): ${answer.message}`);
  return answer;
}

/** Signing in, through /login or by cookie, and the header's account corner. */
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

  /**
   * Signs a user in as a browser that had signed in would be: the identity library's token cookies, got
   * from the identity endpoint without the /login page. SRP in the browser costs seconds a test, so tests
   * whose subject is not signing in start here; sign-in.e2e.ts, sign-in-code.e2e.ts and
   * single-sign-on.e2e.ts test the sign-in itself. The storefront is the configured baseURL's unless the
   * test uses another host.
   */
  async byCookie(
    page: Page,
    user: Credentials,
    origin = test.info().project.use.baseURL ?? '',
  ): Promise<void> {
    const { username, password } = typeof user === 'string' ? demoUser(user) : user;
    const domain = await page.request.post(`${origin}/api/domain`, {
      data: { hostname: new URL(origin).hostname },
    });
    const { clientId } = (await domain.json()) as { clientId: string };
    const call = (operation: string, body: object) =>
      identityCall(page.request, origin, operation, { ClientId: clientId, ...body });
    let answer = await call('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: username, PASSWORD: password },
    });
    if (answer.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
      answer = await call('RespondToAuthChallenge', {
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: answer.Session,
        ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: await authenticatorCode() },
      });
    }
    const tokens = answer.AuthenticationResult;
    if (!tokens) throw new Error(`${username} was not signed in: ${answer.ChallengeName} is asked`);
    // Amplify's keys (session.server.ts reads them); the refresh token lets the page refresh and revoke.
    const prefix = `CognitoIdentityServiceProvider.${clientId}`;
    const key = encodeURIComponent(username);
    const expires = Date.now() / 1000 + TOKEN_COOKIE_DAYS * 24 * 60 * 60;
    const cookie = (name: string, value: string) => ({
      name,
      value,
      url: origin,
      expires,
      sameSite: 'Lax' as const,
    });
    await page
      .context()
      .addCookies([
        cookie(`${prefix}.LastAuthUser`, key),
        cookie(`${prefix}.${key}.accessToken`, tokens.AccessToken),
        cookie(`${prefix}.${key}.idToken`, tokens.IdToken),
        cookie(`${prefix}.${key}.refreshToken`, tokens.RefreshToken),
      ]);
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
