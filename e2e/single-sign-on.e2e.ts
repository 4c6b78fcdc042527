import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { SIGN_IN_TIMEOUT, signIn } from './support/sign-in';

// The demo storefronts whose app client names start with oidc and saml sign in at the demo identity provider
// this server serves (spec P§6); their users screen has no activate, deactivate or reset (P§5).

const storefront = (kind: 'oidc' | 'saml', baseURL: string | undefined) =>
  `http://${kind}.localhost:${new URL(baseURL ?? '').port}`;

interface Person {
  email: string;
  givenName: string;
  familyName: string;
}

const newPerson = (kind: string): Person => ({
  email: `${kind}-${randomUUID().slice(0, 8)}@newcomer.example`,
  givenName: 'Nadia',
  familyName: `Farouk ${kind.toUpperCase()}`,
});

/** A new person signs in at the storefront through the demo identity provider and is back, signed in. */
async function signInThroughProvider(page: Page, origin: string, kind: 'oidc' | 'saml', person: Person) {
  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await expect(page.getByRole('heading', { name: 'BioNova demo identity provider' })).toBeVisible();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Given name').fill(person.givenName);
  await page.getByLabel('Family name').fill(person.familyName);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // SAML answers with a page that posts the signed assertion on to the storefront's user pool.
  if (kind === 'saml') await page.getByRole('button', { name: 'Continue to the storefront' }).click();
  await expect(page).toHaveURL(`${origin}/`, { timeout: SIGN_IN_TIMEOUT });
  await expect(
    page.getByRole('banner').getByRole('button', { name: `${person.givenName} ${person.familyName}` }),
  ).toBeVisible();
}

async function inNewPage<T>(browser: Browser, task: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await task(await context.newPage());
  } finally {
    await context.close();
  }
}

for (const kind of ['oidc', 'saml'] as const) {
  test(`a new user signs in through the demo identity provider on the ${kind} storefront`, async ({
    page,
    baseURL,
  }) => {
    await signInThroughProvider(page, storefront(kind, baseURL), kind, newPerson(kind));
  });
}

test('the users screen of a single sign-on storefront has no activate, deactivate or reset', async ({
  browser,
  page,
  baseURL,
}) => {
  const origin = storefront('oidc', baseURL);
  const person = newPerson('oidc');
  await inNewPage(browser, (other) => signInThroughProvider(other, origin, 'oidc', person));

  await page.goto(`${origin}/login?redirect=${encodeURIComponent('/billing/manageusers')}`);
  await signIn.as(page, 'manager@aurora.example');
  await expect(page.locator('.manage-users[data-interactive="true"]')).toBeVisible();
  const row = page.locator('tr').filter({ hasText: person.email });
  await expect(row).toContainText(`${person.givenName} ${person.familyName}`);
  await row.getByText('Actions').click();
  await expect(row.getByRole('button', { name: 'Change role' })).toBeVisible();
  for (const hidden of [/^Reset password/, /^Activate/, /^Deactivate/]) {
    await expect(row.getByRole('button', { name: hidden })).toHaveCount(0);
  }
});
