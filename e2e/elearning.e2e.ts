import { expect, test } from '@playwright/test';
import { checkLayouts } from './support/layout';
import { signIn } from './support/sign-in';

// Halvorsen's flow core owns a 4-way cell sorter (CS4-2019-00417) and no sequencer (docs/decisions/0034, 0038).
const USER = 'buyer@halvorsen.example';

test('a buyer finds a course for their sorter and requests enrolment', async ({ page }) => {
  await page.goto('/elearning');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn.byCookie(page, USER);
  await page.goto('/elearning');
  await expect(page.getByRole('heading', { level: 1, name: 'Training for your instruments' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sequencer Run Set-up' })).toHaveCount(0);
  await checkLayouts(page, 'elearning-courses');

  await page.getByLabel('Instrument', { exact: true }).selectOption({ label: 'Cell Sorter, 4-way, 4-laser' });
  await page.getByRole('button', { name: 'Show courses' }).click();
  await expect(page).toHaveURL(/model=/);
  await expect(page.getByRole('link', { name: 'Spectral Panel Design' })).toHaveCount(0);
  const course = page.getByRole('listitem').filter({ hasText: 'Advanced Sorting' }).first();
  await expect(course).toContainText('For your Cell Sorter, 4-way, 4-laser (CS4-2019-00417)');
  await expect(course).toContainText('Next sessions');
  await course.getByRole('link', { name: /Advanced Sorting/ }).click();

  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Advanced Sorting: Purity, Yield and Single-Cell Deposition',
    }),
  ).toBeVisible();
  // Too many people: the message sits beside the field.
  await page.getByLabel('Attendees').fill('40');
  await page.getByRole('button', { name: 'Request enrolment' }).click();
  await expect(page.getByLabel('Attendees')).toHaveAccessibleDescription(
    /At most 12 people per request; for a larger group ask for a private course\.$/,
  );
  await checkLayouts(page, 'elearning-course-messages');

  await page.getByLabel('Attendees').fill('2');
  const session = page.getByLabel('Preferred session');
  const first = await session.locator('option').nth(1).getAttribute('value');
  await session.selectOption(first ?? '');
  await page
    .getByLabel('Message to the training team (optional)')
    .fill('Two operators for the single-cell project.');
  await page.getByRole('button', { name: 'Request enrolment' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Your request is recorded.' })).toBeVisible();
  const requests = page.getByRole('region', { name: 'Your enrolment requests' });
  await expect(requests).toContainText('Requested');
  await expect(requests).toContainText('2 attendees');
  await expect(requests).toContainText('Two operators for the single-cell project.');
  await checkLayouts(page, 'elearning-course-requested');

  await page.getByRole('link', { name: 'All courses for your instruments' }).click();
  const listed = page.getByRole('listitem').filter({ hasText: 'Advanced Sorting' }).first();
  await expect(listed.getByText('Requested', { exact: true })).toBeVisible();
});
