import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import {
  confirmUserAttribute,
  fetchDevices,
  fetchMFAPreference,
  fetchUserAttributes,
  sendUserAttributeVerificationCode,
  updateMFAPreference,
  updateUserAttribute,
  updateUserAttributes,
} from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthSettings } from '../../lib/auth-settings';
import { renderAt } from '../../testing/render';
import { ProfileSettings } from './ProfileSettings';
import { attributeUpdates } from './profile-fields';

// Amplify is the browser's client of the identity service; these tests are about what the page asks of it.
vi.mock('aws-amplify/auth', () => ({
  fetchUserAttributes: vi.fn(),
  fetchMFAPreference: vi.fn(),
  fetchDevices: vi.fn(),
  fetchAuthSession: vi.fn(async () => ({ tokens: undefined })),
  updateUserAttributes: vi.fn(),
  updateUserAttribute: vi.fn(),
  confirmUserAttribute: vi.fn(),
  sendUserAttributeVerificationCode: vi.fn(),
  updatePassword: vi.fn(),
  setUpTOTP: vi.fn(),
  verifyTOTPSetup: vi.fn(),
  updateMFAPreference: vi.fn(),
  rememberDevice: vi.fn(),
  forgetDevice: vi.fn(),
}));
vi.mock('aws-amplify/auth/cognito', () => ({
  cognitoUserPoolsTokenProvider: {
    tokenOrchestrator: { getDeviceMetadata: vi.fn(async () => ({ deviceKey: 'us-east-1_this' })) },
  },
}));
vi.mock('../auth/amplify-config', () => ({ configureAmplify: vi.fn() }));

const settings = {
  userPoolId: 'us-east-1_BioNova01',
  clientId: 'client',
  storefrontName: 'BioNova',
} as AuthSettings;

beforeEach(() => {
  vi.mocked(fetchUserAttributes).mockResolvedValue({
    sub: 'abc',
    given_name: 'Ingrid',
    family_name: 'Halvorsen',
    email: 'ingrid@example.org',
    email_verified: 'true',
    'custom:local': 'de_DE',
  });
  vi.mocked(fetchMFAPreference).mockResolvedValue({});
  vi.mocked(fetchDevices).mockResolvedValue([
    {
      id: 'us-east-1_this',
      name: 'Lab laptop',
      attributes: { 'dev:device_remembered_status': 'not_remembered' },
      createDate: new Date('2026-11-20T10:00:00Z'),
      lastModifiedDate: new Date('2026-11-20T10:00:00Z'),
      lastAuthenticatedDate: new Date('2026-11-22T10:00:00Z'),
    },
  ]);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

async function renderProfile() {
  renderAt(<ProfileSettings settings={settings} username="ingrid" />);
  await act(async () => {});
}

const form = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('form') as HTMLFormElement;

async function submit(formElement: HTMLFormElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(within(formElement).getByLabelText(label), { target: { value } });
  }
  fireEvent.submit(formElement);
  await act(async () => {});
}

/** The message tied to a field (aria-describedby), as a screen reader announces it beside the field. */
function messageOf(formElement: HTMLFormElement, label: string): string | null {
  const field = within(formElement).getByLabelText(label);
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('ProfileSettings', () => {
  it("shows the user's names and their locale with a hyphen", async () => {
    await renderProfile();
    const details = form('Your details');
    expect(within(details).getByLabelText<HTMLInputElement>('Given name').value).toBe('Ingrid');
    expect(within(details).getByLabelText<HTMLSelectElement>('Locale').value).toBe('de-DE');
    expect(screen.getByText(/ingrid@example\.org/).textContent).toContain('(verified)');
  });

  it('refuses empty names and a NUL beside their fields, and asks the identity service nothing', async () => {
    await renderProfile();
    const details = form('Your details');
    await submit(details, { 'Given name': '', 'Family name': 'Hal\u0000vorsen' });
    expect(messageOf(details, 'Given name')).toBe('Given name cannot be empty');
    expect(messageOf(details, 'Family name')).toBe('Family name contains a character that cannot be saved');
    expect(updateUserAttributes).not.toHaveBeenCalled();
  });

  it('saves names and the locale as custom:local with an underscore, and says so', async () => {
    await renderProfile();
    vi.mocked(updateUserAttributes).mockResolvedValueOnce(
      {} as Awaited<ReturnType<typeof updateUserAttributes>>,
    );
    await submit(form('Your details'), { 'Given name': 'Maja', 'Family name': 'Eriksen', Locale: 'sv-SE' });
    expect(updateUserAttributes).toHaveBeenCalledWith({
      userAttributes: { given_name: 'Maja', family_name: 'Eriksen', 'custom:local': 'sv_SE' },
    });
    expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(
      'Your details have been saved.Dismiss',
    );
  });

  it('checks a new email address beside its field', async () => {
    await renderProfile();
    const email = form('Email address');
    await submit(email, { 'New email address': 'not-an-address' });
    expect(messageOf(email, 'New email address')).toBe('Enter an email address such as name@example.com');
    await submit(email, { 'New email address': 'a\u0000@example.org' });
    expect(messageOf(email, 'New email address')).toBe('Email contains a character that cannot be saved');
    expect(updateUserAttribute).not.toHaveBeenCalled();
  });

  it("shows the service's refusal of a name", async () => {
    await renderProfile();
    vi.mocked(updateUserAttributes).mockRejectedValueOnce(
      Object.assign(new Error('Invalid attribute value'), { name: 'InvalidParameterException' }),
    );
    await submit(form('Your details'), { 'Given name': 'Maja' });
    expect(screen.getAllByRole('alert').map((region) => region.textContent)).toContain(
      'Invalid attribute valueDismiss',
    );
  });

  it('lists this device, offers to remember it, and checks a new name beside its field', async () => {
    await renderProfile();
    expect(screen.getByText('This device')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remember this device' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Lab laptop' }));
    const rename = form('Rename Lab laptop');
    await submit(rename, { 'Device name': '   ' });
    expect(messageOf(rename, 'Device name')).toBe('Device name cannot be empty');
  });

  it('asks for the mailed code of an unverified address, and sends it again', async () => {
    vi.mocked(fetchUserAttributes).mockResolvedValue({ email: 'new@example.org', email_verified: 'false' });
    await renderProfile();
    expect(screen.getByText(/new@example\.org/).textContent).toContain('(not verified yet)');
    const verify = form('Verify your email address');
    await submit(verify, { 'Confirmation code': '' });
    expect(messageOf(verify, 'Confirmation code')).toBe('Confirmation code cannot be empty');
    expect(confirmUserAttribute).not.toHaveBeenCalled();
    fireEvent.click(within(verify).getByRole('button', { name: 'Resend code' }));
    await act(async () => {});
    expect(sendUserAttributeVerificationCode).toHaveBeenCalledWith({ userAttributeKey: 'email' });
    expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(
      'Code resent successfully.Dismiss',
    );
  });

  it('lets a user with two methods choose the one sign-in asks for', async () => {
    vi.mocked(fetchUserAttributes).mockResolvedValue({
      email: 'a@example.org',
      phone_number: '+15555550100',
    });
    vi.mocked(fetchMFAPreference).mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
    await renderProfile();
    const preference = form('Preferred sign-in code');
    expect(within(preference).getByLabelText<HTMLInputElement>('Authenticator app').checked).toBe(true);
    fireEvent.click(within(preference).getByLabelText('Text message (SMS)'));
    fireEvent.submit(preference);
    await act(async () => {});
    expect(updateMFAPreference).toHaveBeenCalledWith({ sms: 'PREFERRED' });
  });

  it('says so where the pool does not track devices, and shows the rest of the profile', async () => {
    vi.mocked(fetchDevices).mockRejectedValueOnce(
      Object.assign(new Error('Device tracking has not been configured in this User Pool'), {
        name: 'InvalidParameterException',
      }),
    );
    await renderProfile();
    expect(screen.getByText('Device tracking has not been configured in this User Pool')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remember this device' })).toBeNull();
  });
});

describe('attributeUpdates', () => {
  it("never writes sub or a '_verified' flag (spec P§5)", () => {
    expect(attributeUpdates({ sub: 'x', email_verified: 'true', given_name: 'Maja' })).toEqual({
      given_name: 'Maja',
    });
  });
});
