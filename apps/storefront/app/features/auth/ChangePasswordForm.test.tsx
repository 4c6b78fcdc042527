import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { updatePassword } from 'aws-amplify/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthSettings } from '../../lib/auth-settings';
import { renderAt } from '../../testing/render';
import { configureAmplify } from './amplify-config';
import { ChangePasswordForm } from './ChangePasswordForm';

vi.mock('aws-amplify/auth', () => ({ updatePassword: vi.fn() }));
vi.mock('./amplify-config', () => ({ configureAmplify: vi.fn() }));

const settings = { userPoolId: 'us-east-1_BioNova01', clientId: 'client' } as AuthSettings;

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

async function renderForm() {
  renderAt(<ChangePasswordForm settings={settings} />);
  await act(async () => {});
}

async function change(oldPassword: string, newPassword: string) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: oldPassword } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: newPassword } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  await act(async () => {});
}

describe('ChangePasswordForm', () => {
  it('needs both passwords', async () => {
    await renderForm();
    expect(configureAmplify).toHaveBeenCalledWith(settings);
    await change('', '');
    expect(screen.getAllByText('Password cannot be empty')).toHaveLength(2);
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it("changes the password: 'Password updated successfully.', and clears the fields", async () => {
    await renderForm();
    vi.mocked(updatePassword).mockResolvedValueOnce();
    await change('Old-Secret-1', 'New-Secret-2');
    expect(updatePassword).toHaveBeenCalledWith({ oldPassword: 'Old-Secret-1', newPassword: 'New-Secret-2' });
    expect(screen.getByRole('status').textContent).toContain('Password updated successfully.');
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it("shows the service's refusal", async () => {
    await renderForm();
    vi.mocked(updatePassword).mockRejectedValueOnce(
      Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }),
    );
    await change('wrong', 'New-Secret-2');
    expect(screen.getByRole('alert').textContent).toContain('Incorrect username or password.');
  });
});
