import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { seriousAccessibilityViolations } from './support/axe';
import { type NewUser, signUpUser } from './support/identity';
import { horizontalOverflow, keepScreenshot } from './support/layout';
import { codeSentTo } from './support/mailbox';
import { SIGN_IN_TIMEOUT, signIn } from './support/sign-in';

/** A user of this run only: reruns start afresh and the demo users are left alone. */
function newUser(): NewUser {
  return {
    username: `profile-${randomUUID().slice(0, 8)}@lab.example`,
    password: 'Profile-Start-2026!',
    givenName: 'Ada',
    familyName: 'Okafor',
  };
}

const profileHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Profile and security' });
const section = (page: Page, title: string) =>
  page.locator('.profile-section').filter({ has: page.getByRole('heading', { level: 2, name: title }) });

/** Whether a script the page loaded speaks the user-pool protocol, as Amplify's auth client does. */
const loadsIdentityClient = (page: Page) =>
  page.evaluate(async () => {
    const scripts = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.endsWith('.js'));
    const texts = await Promise.all(scripts.map(async (url) => (await fetch(url)).text()));
    return texts.some((text) => text.includes('AWSCognitoIdentityProviderService'));
  });

async function signInToProfile(page: Page, user: NewUser) {
  await page.goto('/billing/profile');
  await signIn.withPassword(page, user.username, user.password);
}

test('a user changes their names, locale and email in the profile', async ({ page, baseURL }, testInfo) => {
  const user = newUser();
  await signUpUser(baseURL ?? '', user);
  await signIn.byCookie(page, user);
  await page.goto('/billing/profile');
  await expect(profileHeading(page)).toBeVisible();

  const details = section(page, 'Your details');
  await expect(details.getByLabel('Given name')).toHaveValue('Ada');
  // Bad input is answered beside its field.
  await details.getByLabel('Given name').fill('');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByText('Given name cannot be empty')).toBeVisible();

  await details.getByLabel('Given name').fill('Maja');
  await details.getByLabel('Family name').fill('Eriksen');
  await details.getByLabel('Locale').selectOption('sv-SE');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByText('Your details have been saved.')).toBeVisible();
  // The header greets the user by the new name: the id token was refreshed.
  await expect(page.getByRole('banner').getByText('Maja Eriksen')).toBeVisible();
  await page.reload();
  await expect(section(page, 'Your details').getByLabel('Locale')).toHaveValue('sv-SE');

  const email = section(page, 'Email address');
  const newAddress = `moved-${randomUUID().slice(0, 8)}@lab.example`;
  await email.getByLabel('New email address').fill(newAddress);
  await email.getByRole('button', { name: 'Change email' }).click();
  await expect(email.getByText(`${newAddress} (not verified yet)`)).toBeVisible();
  await email.getByLabel('Confirmation code').fill(await codeSentTo(newAddress, /verification code/i));
  await email.getByRole('button', { name: 'Verify email' }).click();
  await expect(email.getByText('Your email address is verified.')).toBeVisible();
  await expect(email.getByText(`${newAddress} (verified)`)).toBeVisible();

  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, testInfo, `profile-${width}`);
  }

  // Amplify loads on the profile, and never on a catalogue page.
  expect(await loadsIdentityClient(page)).toBe(true);
  await page.goto('/');
  await expect(page.getByRole('banner').getByText('Maja Eriksen')).toBeVisible();
  expect(await loadsIdentityClient(page)).toBe(false);
});

test('a user sets up TOTP, remembers this device, signs in on it without a code, and forgets it', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow(); // Three SRP sign-ins in the browser, and a device proof.
  const user = newUser();
  await signUpUser(baseURL ?? '', user);
  await signInToProfile(page, user);
  await expect(profileHeading(page)).toBeVisible({ timeout: SIGN_IN_TIMEOUT });

  const mfa = page.locator('.profile-section').filter({ hasText: 'authenticator app' });
  await mfa.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'profile-totp-setup');
  const secret = (await page.locator('.auth-totp__key').textContent()) ?? '';
  await page.getByLabel('Code', { exact: true }).fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your authenticator app is set up.')).toBeVisible();
  await expect(mfa.getByRole('button', { name: 'Remove authenticator app' })).toBeVisible();

  const devices = section(page, 'Devices');
  await expect(devices.getByText('This device', { exact: true })).toBeVisible();
  await devices.getByRole('button', { name: 'Remember this device' }).click();
  await expect(
    devices.getByText('This device is remembered: signing in here will not ask for a code.'),
  ).toBeVisible();
  await devices.getByRole('button', { name: /^Rename / }).click();
  await devices.getByLabel('Device name').fill('Bench PC');
  await devices.getByRole('button', { name: 'Save name' }).click();
  await expect(devices.getByText('The device has been renamed.')).toBeVisible();
  await expect(devices.getByText('Bench PC', { exact: false })).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 900 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await keepScreenshot(page, testInfo, 'profile-devices-390');

  // The remembered device proves itself: no authenticator code is asked.
  await signIn.signOut(page);
  await signIn.expectGuest(page);
  await signInToProfile(page, user);
  await expect(profileHeading(page)).toBeVisible({ timeout: SIGN_IN_TIMEOUT });

  await section(page, 'Devices').getByRole('button', { name: 'Forget Bench PC' }).click();
  await expect(section(page, 'Devices').getByText('The device has been forgotten.')).toBeVisible();
  await signIn.signOut(page);
  await signIn.expectGuest(page);
  await signInToProfile(page, user);
  await expect(signIn.heading(page, 'Enter the code from your authenticator app')).toBeVisible({
    timeout: SIGN_IN_TIMEOUT,
  });
});
