import { expect, test } from '@playwright/test';
import { seriousAccessibilityViolations } from './support/axe';
import { codeSentTo } from './support/mailbox';
import { demoUser, SIGN_IN_TIMEOUT, signIn } from './support/sign-in';
import { catalogue } from './support/storefront';

for (const username of ['manager@halvorsen.example', 'buyer@halvorsen.example', 'lab@halvorsen.example']) {
  test(`${username} signs in through /login and lands home`, async ({ page }) => {
    await page.goto('/login');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await signIn.as(page, username);
    await expect(page).toHaveURL(/\/$/);
    await signIn.expectSignedInAs(page, username);
  });
}

test('a user who must set a new password sets one, then is signed in', async ({ page }) => {
  const username = 'newhire@halvorsen.example';
  await page.goto('/login');
  await signIn.withPassword(page, username, demoUser(username).password);
  await page.getByLabel('New password').fill('Chosen-Password-2026!');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn.expectSignedInAs(page, username);
});

test('the spec’s messages greet empty fields', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Username cannot be empty')).toBeVisible();
  await expect(page.getByText('Password cannot be empty')).toBeVisible();
});

test('a wrong password is refused without saying whether the user exists', async ({ page }) => {
  const refusal = page.getByRole('alert').filter({ hasText: /\S/ });
  await page.goto('/login');
  await signIn.withPassword(page, 'buyer@halvorsen.example', 'Not-The-Password-1!');
  await expect(refusal).toContainText('Incorrect username or password.');
  const known = (await refusal.textContent()) ?? '';
  await page.reload();
  await signIn.withPassword(page, 'nobody@halvorsen.example', 'Not-The-Password-1!');
  await expect(refusal).toHaveText(known);
});

test('signing in from a product page comes back to it, and signing out shows a guest again', async ({
  page,
}) => {
  await page.goto('/');
  await catalogue.openCategory(page, 'Genomics Kits');
  const product = catalogue.productLinks(page).first();
  const name = (await product.innerText()).trim();
  await product.click();
  await expect(page).toHaveURL(/\/product\/[^/]+\/[^/]+$/);
  // The product page is shown (its block's code may arrive just after the address changes).
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const productPath = new URL(page.url()).pathname;
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await signIn.as(page, 'manager@halvorsen.example');
  await expect(page).toHaveURL(new RegExp(`${productPath}$`));
  await signIn.expectSignedInAs(page, 'manager@halvorsen.example');

  await signIn.signOut(page);
  await expect(page).toHaveURL(/\/$/);
  await signIn.expectGuest(page);
  await page.goto(productPath);
  await signIn.expectGuest(page);
});

test('a visitor signs up, confirms with the mailed code, resets the password and changes it', async ({
  page,
}) => {
  const email = `e2e-${Date.now()}-${Math.round(Math.random() * 1e6)}@lab.example`;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Given name').fill('Ada');
  await page.getByLabel('Family name').fill('Okafor');
  await page.getByLabel('Password', { exact: true }).fill('First-Password-2026!');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(signIn.heading(page, 'Confirm your account')).toBeVisible();
  await page.getByLabel('Confirmation code').fill(await codeSentTo(email, /verification code/i));
  await page.getByRole('button', { name: 'Confirm' }).click();
  // Confirming signs the new user in, by SRP in the browser.
  await expect(page.getByRole('banner').getByText('Ada Okafor')).toBeVisible({ timeout: SIGN_IN_TIMEOUT });

  await signIn.signOut(page);
  await signIn.expectGuest(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Username').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Confirmation code').fill(await codeSentTo(email, /password reset code/i));
  await page.getByLabel('New password').fill('Second-Password-2026!');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await signIn.withPassword(page, email, 'Second-Password-2026!');
  await expect(page.getByRole('banner').getByText('Ada Okafor')).toBeVisible({ timeout: SIGN_IN_TIMEOUT });

  await page.goto('/changePassword');
  await page.getByLabel('Current password').fill('Second-Password-2026!');
  await page.getByLabel('New password').fill('Third-Password-2026!');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password updated successfully.')).toBeVisible();
});

test('a signed-out visitor of /changePassword signs in first and comes back', async ({ page }) => {
  await page.goto('/changePassword');
  await expect(page).toHaveURL(/\/login\?redirect=%2FchangePassword/);
  await signIn.as(page, 'buyer@halvorsen.example');
  await expect(page).toHaveURL(/\/changePassword$/);
  await expect(signIn.heading(page, 'Change your password')).toBeVisible();
});

test('the sign-in-only storefront sends a visitor to /login and back after sign-in', async ({
  page,
  baseURL,
}) => {
  const partner = `http://127.0.0.1:${new URL(baseURL ?? '').port}`;
  await page.goto(`${partner}/about`);
  await expect(page).toHaveURL(`${partner}/login?redirect=%2Fabout`);
  await signIn.as(page, 'manager@kestrel.example');
  await expect(page).toHaveURL(`${partner}/about`);
  await signIn.expectSignedInAs(page, 'manager@kestrel.example');
});

test('an account page sends a signed-out visitor to /login and back after sign-in', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
  await signIn.as(page, 'buyer@halvorsen.example');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await page.getByRole('link', { name: 'Change your password' }).click();
  await expect(signIn.heading(page, 'Change your password')).toBeVisible();
});
