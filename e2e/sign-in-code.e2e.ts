import { expect, test } from '@playwright/test';
import { codeSentTo } from './support/mailbox';
import { demoUser, SIGN_IN_TIMEOUT, signIn } from './support/sign-in';

/** The storefront whose app client runs the custom flow: the password, then a code sent by email. */
const codeStorefront = (baseURL: string | undefined) =>
  `http://code.localhost:${new URL(baseURL ?? '').port}`;

test('on the clinical portal the password is followed by a code sent by email', async ({ page, baseURL }) => {
  const username = 'manager@corvid.example';
  await page.goto(`${codeStorefront(baseURL)}/login`);
  await signIn.withPassword(page, username, demoUser(username).password);

  await expect(signIn.heading(page, 'Enter the code from your email')).toBeVisible({
    timeout: SIGN_IN_TIMEOUT,
  });
  await expect(page.getByText('We sent it to m***@c***.example.')).toBeVisible();
  const code = await codeSentTo(username, /Your sign-in code/);

  await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toContainText(
    'That answer is not right. Please try again (attempts left: 2).',
  );

  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/, { timeout: SIGN_IN_TIMEOUT });
  await signIn.expectSignedInAs(page, username);
});
