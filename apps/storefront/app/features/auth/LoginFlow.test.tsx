import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  resendSignUpCode,
  resetPassword,
  type SignInOutput,
  type SignUpOutput,
  signIn,
  signUp,
} from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthSettings } from '../../lib/auth-settings';
import { completeSignIn } from './complete-sign-in';
import { finishHostedLogin, hostedLoginUrl } from './hosted-login';
import { LoginFlow } from './LoginFlow';
import { clearSession, refreshSession } from './session';
import type { LoginFlowOptions } from './use-login-flow';

vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  signUp: vi.fn(),
  confirmSignUp: vi.fn(),
  resendSignUpCode: vi.fn(),
  resetPassword: vi.fn(),
  confirmResetPassword: vi.fn(),
}));
vi.mock('./amplify-config', () => ({ configureAmplify: vi.fn() }));
vi.mock('./complete-sign-in', () => ({ completeSignIn: vi.fn(async () => {}) }));
vi.mock('./session', () => ({
  clearSession: vi.fn(async () => {}),
  refreshSession: vi.fn(async () => true),
}));
vi.mock('./hosted-login', () => ({
  finishHostedLogin: vi.fn(),
  hostedLoginUrl: vi.fn(async () => '/identity/oauth2/authorize?state=s'),
  hostedLogoutUrl: vi.fn(() => null),
}));
vi.mock('qrcode', () => ({ toDataURL: vi.fn(async () => 'data:image/png;base64,QR') }));

const settings: AuthSettings = {
  userPoolId: 'us-east-1_BioNova01',
  clientId: 'client',
  singleSignOn: false,
  identityProvider: null,
  customChallenge: false,
  logoutUri: null,
  storefrontName: 'BioNova Life Sciences',
  gatewayApiKey: 'key',
};

const signedIn: SignInOutput = { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
const next = (nextStep: object) => ({ isSignedIn: false, nextStep }) as SignInOutput;
const unconfirmed = next({ signInStep: 'CONFIRM_SIGN_UP' });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

/** Renders /login and lets its arrival checks finish. */
async function renderFlow(options: Partial<LoginFlowOptions> = {}) {
  const leave = vi.fn();
  render(
    <LoginFlow
      settings={settings}
      redirect="/billing/account"
      hasSession={false}
      expired={false}
      hostedLoginReturn={false}
      signOut={false}
      leave={leave}
      {...options}
    />,
  );
  await settle();
  return { leave };
}

/** Lets pending calls answer and React render. */
const settle = () => act(async () => {});

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function press(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
  await settle();
}

async function signInAs(output: SignInOutput) {
  vi.mocked(signIn).mockResolvedValueOnce(output);
  fill('Username', 'ana@example.com');
  fill('Password', 'Secret-123');
  await press('Sign in');
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const alertText = () => screen.getByRole('alert').textContent;

describe('LoginFlow: password sign-in', () => {
  it('keeps the form disabled until the page is ready in the browser', async () => {
    vi.mocked(refreshSession).mockReturnValueOnce(new Promise(() => {}));
    await renderFlow({ hasSession: true });
    expect(screen.getByRole('button', { name: 'Sign in' }).closest('fieldset')?.disabled).toBe(true);
  });

  it('shows the spec messages for empty fields, focuses the first and calls nothing', async () => {
    await renderFlow();
    await press('Sign in');
    expect(screen.getByText('Username cannot be empty')).toBeTruthy();
    expect(screen.getByText('Password cannot be empty')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('signs in, completes the sign-in and returns to the saved page', async () => {
    const { leave } = await renderFlow();
    await signInAs(signedIn);
    expect(signIn).toHaveBeenCalledWith({ username: 'ana@example.com', password: 'Secret-123' });
    expect(completeSignIn).toHaveBeenCalledWith(settings);
    expect(leave).toHaveBeenCalledWith('/billing/account');
  });

  it("shows the service's message in the alert region and moves focus to it", async () => {
    await renderFlow();
    vi.mocked(signIn).mockRejectedValueOnce(
      Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }),
    );
    fill('Username', 'ana@example.com');
    fill('Password', 'wrong');
    await press('Sign in');
    expect(alertText()).toContain('Incorrect username or password.');
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    await press('Dismiss');
    expect(alertText()).toBe('');
  });

  it('lets only one sign-in attempt be pending at once', async () => {
    await renderFlow();
    vi.mocked(signIn).mockReturnValue(new Promise(() => {}));
    fill('Username', 'ana@example.com');
    fill('Password', 'Secret-123');
    const form = screen.getByRole('button', { name: 'Sign in' }).closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await settle();
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(within(form).getByRole('button', { name: 'Sign in' }).closest('fieldset')?.disabled).toBe(true);
  });
});

describe('LoginFlow: each challenge of the sequence', () => {
  it('asks for the SMS code, with the spec message when empty', async () => {
    await renderFlow();
    await signInAs(
      next({
        signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE',
        codeDeliveryDetails: { destination: '+1***0142' },
      }),
    );
    expect(heading()).toBe('Enter the code from your text message');
    expect(screen.getByText('We sent it to +1***0142.')).toBeTruthy();
    await press('Confirm');
    expect(screen.getByText('Challenge response cannot be empty')).toBeTruthy();
    vi.mocked(confirmSignIn).mockResolvedValueOnce(signedIn);
    fill('Code', '123456');
    await press('Confirm');
    expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
    expect(completeSignIn).toHaveBeenCalled();
  });

  it('asks for the authenticator code', async () => {
    await renderFlow();
    await signInAs(next({ signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }));
    expect(heading()).toBe('Enter the code from your authenticator app');
    expect(screen.getByLabelText('Code')).toBeTruthy();
  });

  it('offers the MFA types to choose from and sends the choice', async () => {
    await renderFlow();
    await signInAs(
      next({ signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMFATypes: ['SMS', 'TOTP'] }),
    );
    expect(heading()).toBe('Choose how to verify your sign-in');
    fireEvent.click(screen.getByLabelText('Authenticator app'));
    vi.mocked(confirmSignIn).mockResolvedValueOnce(next({ signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }));
    await press('Continue');
    expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'TOTP' });
    expect(heading()).toBe('Enter the code from your authenticator app');
  });

  it("reports 'No valid MFA method provided' when no offered type can be used here", async () => {
    await renderFlow();
    await signInAs(
      next({ signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMFATypes: ['WEBAUTHN'] }),
    );
    expect(alertText()).toContain('No valid MFA method provided');
    expect(heading()).toBe('Sign in');
  });

  it('sets up TOTP with a QR code of the otpauth URI and the default device name', async () => {
    await renderFlow();
    const getSetupUri = vi.fn((app: string, account?: string) => new URL(`otpauth://totp/${app}:${account}`));
    await signInAs(
      next({
        signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
        totpSetupDetails: { sharedSecret: 'JBSWY3DP', getSetupUri },
      }),
    );
    expect(heading()).toBe('Set up your authenticator app');
    expect(getSetupUri).toHaveBeenCalledWith('BioNova Life Sciences', 'ana@example.com');
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' }).getAttribute('src')).toBe(
      'data:image/png;base64,QR',
    );
    expect(screen.getByText('JBSWY3DP')).toBeTruthy();
    expect((screen.getByLabelText('Device name') as HTMLInputElement).value).toBe('My TOTP device');
    await press('Verify');
    expect(screen.getByText('Challenge response cannot be empty')).toBeTruthy();
    vi.mocked(confirmSignIn).mockResolvedValueOnce(signedIn);
    fill('Code', '654321');
    await press('Verify');
    expect(confirmSignIn).toHaveBeenCalledWith({
      challengeResponse: '654321',
      options: { friendlyDeviceName: 'My TOTP device' },
    });
  });

  it('asks for a new password and any missing required attribute', async () => {
    await renderFlow();
    await signInAs(
      next({ signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', missingAttributes: ['given_name'] }),
    );
    expect(heading()).toBe('Set a new password');
    await press('Set password');
    expect(screen.getByText('Password cannot be empty')).toBeTruthy();
    expect(screen.getByText('Given name cannot be empty')).toBeTruthy();
    vi.mocked(confirmSignIn).mockResolvedValueOnce(signedIn);
    fill('New password', 'Fresh-Secret-1');
    fill('Given name', 'Ana');
    await press('Set password');
    expect(confirmSignIn).toHaveBeenCalledWith({
      challengeResponse: 'Fresh-Secret-1',
      options: { userAttributes: { given_name: 'Ana' } },
    });
  });

  it('answers a custom challenge', async () => {
    await renderFlow();
    await signInAs(next({ signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' }));
    expect(heading()).toBe('Answer the sign-in challenge');
    expect(screen.getByLabelText('Answer')).toBeTruthy();
  });

  it('runs the custom flow where the storefront has one: the password, then the mailed code', async () => {
    render(
      <LoginFlow
        settings={{ ...settings, customChallenge: true }}
        redirect="/billing/account"
        hasSession={false}
        expired={false}
        hostedLoginReturn={false}
        signOut={false}
        leave={vi.fn()}
      />,
    );
    await settle();
    const codeStep = (attemptsLeft: string) =>
      next({
        signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
        additionalInfo: {
          CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
          CODE_DELIVERY_DESTINATION: 'a***@e***.com',
          ATTEMPTS_LEFT: attemptsLeft,
        },
      });
    await signInAs(codeStep('3'));
    expect(signIn).toHaveBeenCalledWith({
      username: 'ana@example.com',
      password: 'Secret-123',
      options: { authFlowType: 'CUSTOM_WITH_SRP' },
    });
    expect(heading()).toBe('Enter the code from your email');
    expect(screen.getByText('We sent it to a***@e***.com.')).toBeTruthy();

    vi.mocked(confirmSignIn).mockResolvedValueOnce(codeStep('2'));
    fill('Code', '000000');
    await press('Confirm');
    expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '000000' });
    expect(alertText()).toContain('That answer is not right. Please try again (attempts left: 2).');
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('');

    const refused = Object.assign(new Error('Incorrect username or password.'), {
      name: 'NotAuthorizedException',
    });
    vi.mocked(confirmSignIn).mockRejectedValueOnce(refused);
    fill('Code', '111111');
    await press('Confirm');
    expect(heading()).toBe('Sign in');
    expect(alertText()).toContain('Incorrect username or password.');
  });

  it('sends a reset code when the password must be reset', async () => {
    await renderFlow();
    vi.mocked(resetPassword).mockResolvedValueOnce({
      isPasswordReset: false,
      nextStep: {
        resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
        codeDeliveryDetails: { destination: 'a***@e***' },
      },
    });
    await signInAs(next({ signInStep: 'RESET_PASSWORD' }));
    expect(resetPassword).toHaveBeenCalledWith({ username: 'ana@example.com' });
    expect(heading()).toBe('Set a new password');
    expect(screen.getByLabelText('Confirmation code')).toBeTruthy();
  });

  it('goes back to sign-in from a challenge', async () => {
    await renderFlow();
    await signInAs(next({ signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }));
    await press('Back to sign in');
    expect(heading()).toBe('Sign in');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it('reports a step this page does not offer', async () => {
    await renderFlow();
    await signInAs(next({ signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION' }));
    expect(alertText()).toContain('CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION');
  });
});

const awaitingConfirmation = async (): Promise<SignUpOutput> => ({
  isSignUpComplete: false,
  nextStep: { signUpStep: 'CONFIRM_SIGN_UP', codeDeliveryDetails: { destination: 'a***@e***' } },
});

/** Opens sign-up (unless open) and signs Ana up; by default the account then awaits confirmation. */
async function signUpAna(answer = awaitingConfirmation) {
  if (heading() === 'Sign in') await press('Create an account');
  vi.mocked(signUp).mockImplementationOnce(answer);
  fill('Email', 'ana@example.com');
  fill('Given name', 'Ana');
  fill('Family name', 'Lima');
  fill('Password', 'Secret-123');
  await press('Create account');
}

describe('LoginFlow: sign-up', () => {
  it('validates, signs up with the email as username and asks for the code', async () => {
    await renderFlow();
    await press('Create an account');
    await press('Create account');
    for (const text of [
      'Username cannot be empty',
      'Given name cannot be empty',
      'Family name cannot be empty',
      'Password cannot be empty',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    await signUpAna();
    expect(signUp).toHaveBeenCalledWith({
      username: 'ana@example.com',
      password: 'Secret-123',
      options: { userAttributes: { email: 'ana@example.com', given_name: 'Ana', family_name: 'Lima' } },
    });
    expect(heading()).toBe('Confirm your account');
    await press('Confirm');
    expect(screen.getByText('Confirmation code cannot be empty')).toBeTruthy();
  });

  it('opens on sign-up when a "Create an account" link asked for it, and signs up from there', async () => {
    await renderFlow({ signUp: true });
    expect(heading()).toBe('Create an account');
    await signUpAna();
    expect(signUp).toHaveBeenCalledTimes(1);
  });

  it("shows 'Error creating account' when the sign-up fails without a message", async () => {
    await renderFlow();
    await signUpAna(async () => {
      throw new Error('');
    });
    expect(alertText()).toContain('Error creating account');
  });

  it('confirms by code, then signs in with the credentials and returns', async () => {
    const { leave } = await renderFlow();
    await signUpAna();
    vi.mocked(confirmSignUp).mockResolvedValueOnce({
      isSignUpComplete: true,
      nextStep: { signUpStep: 'DONE' },
    });
    vi.mocked(signIn).mockResolvedValueOnce(signedIn);
    fill('Confirmation code', '246810');
    await press('Confirm');
    expect(confirmSignUp).toHaveBeenCalledWith({ username: 'ana@example.com', confirmationCode: '246810' });
    expect(signIn).toHaveBeenCalledWith({ username: 'ana@example.com', password: 'Secret-123' });
    expect(leave).toHaveBeenCalledWith('/billing/account');
  });

  it("resends the code: 'Code resent successfully.'", async () => {
    await renderFlow();
    await signUpAna();
    vi.mocked(resendSignUpCode).mockResolvedValueOnce({ destination: 'a***@e***' });
    await press('Resend code');
    expect(resendSignUpCode).toHaveBeenCalledWith({ username: 'ana@example.com' });
    expect(screen.getByRole('status').textContent).toContain('Code resent successfully.');
  });

  it('signs in by itself once the link in the message confirmed the account (polling every 5 s)', async () => {
    vi.useFakeTimers();
    const { leave } = await renderFlow();
    await signUpAna();
    vi.mocked(signIn).mockResolvedValueOnce(unconfirmed).mockResolvedValueOnce(signedIn);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(leave).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(signIn).toHaveBeenCalledTimes(2);
    expect(leave).toHaveBeenCalledWith('/billing/account');
  });

  it("stops polling after 3 minutes with 'Please use your credentials to sign in'", async () => {
    vi.useFakeTimers();
    await renderFlow();
    await signUpAna();
    vi.mocked(signIn).mockResolvedValue(unconfirmed);
    await act(() => vi.advanceTimersByTimeAsync(3 * 60_000 - 1));
    expect(heading()).toBe('Confirm your account');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(signIn).toHaveBeenCalledTimes(36);
    expect(alertText()).toContain('Please use your credentials to sign in');
    expect(heading()).toBe('Sign in');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(signIn).toHaveBeenCalledTimes(36);
  });
});

describe('LoginFlow: forgot password', () => {
  it('sends a code, then resets the password with it', async () => {
    await renderFlow();
    await press('Forgot your password?');
    await press('Send code');
    expect(screen.getByText('Username cannot be empty')).toBeTruthy();
    vi.mocked(resetPassword).mockResolvedValueOnce({
      isPasswordReset: false,
      nextStep: {
        resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
        codeDeliveryDetails: { destination: 'a***@e***' },
      },
    });
    fill('Username', 'ana@example.com');
    await press('Send code');
    expect(screen.getByText('We sent a code to a***@e***. Enter it with your new password.')).toBeTruthy();
    await press('Reset password');
    expect(screen.getByText('Confirmation code cannot be empty')).toBeTruthy();
    expect(screen.getByText('Password cannot be empty')).toBeTruthy();
    fill('Confirmation code', '112233');
    fill('New password', 'Fresh-Secret-1');
    await press('Reset password');
    expect(confirmResetPassword).toHaveBeenCalledWith({
      username: 'ana@example.com',
      confirmationCode: '112233',
      newPassword: 'Fresh-Secret-1',
    });
    expect(heading()).toBe('Sign in');
    expect(screen.getByRole('status').textContent).toContain('Your password has been reset.');
  });
});

describe('LoginFlow: arriving with a session', () => {
  it('refreshes a session the page server saw and returns at once', async () => {
    const { leave } = await renderFlow({ hasSession: true });
    expect(refreshSession).toHaveBeenCalled();
    expect(leave).toHaveBeenCalledWith('/billing/account');
  });

  it("says 'Session Expired, Please login again' when the refresh is refused", async () => {
    vi.mocked(refreshSession).mockResolvedValueOnce(false);
    const { leave } = await renderFlow({ hasSession: true });
    expect(alertText()).toContain('Session Expired, Please login again');
    expect(leave).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign in' }).closest('fieldset')?.disabled).toBe(false);
  });

  it('clears a session the gateway refused and says it expired', async () => {
    await renderFlow({ hasSession: true, expired: true });
    expect(clearSession).toHaveBeenCalled();
    expect(refreshSession).not.toHaveBeenCalled();
    expect(alertText()).toContain('Session Expired, Please login again');
  });

  it('signs out, then goes home', async () => {
    const { leave } = await renderFlow({ hasSession: true, signOut: true });
    expect(clearSession).toHaveBeenCalled();
    expect(leave).toHaveBeenCalledWith('/');
    expect(screen.getByRole('status').textContent).toContain('Signing out');
  });
});

describe('LoginFlow: single sign-on', () => {
  it('offers the hosted login on a single-sign-on storefront only', async () => {
    await renderFlow();
    expect(screen.queryByRole('button', { name: 'Sign in with single sign-on' })).toBeNull();
    cleanup();
    const { leave } = await renderFlow({ settings: { ...settings, singleSignOn: true } });
    await press('Sign in with single sign-on');
    expect(hostedLoginUrl).toHaveBeenCalledWith({ ...settings, singleSignOn: true }, '/billing/account');
    expect(leave).toHaveBeenCalledWith('/identity/oauth2/authorize?state=s');
  });

  it('completes a hosted-login return and goes to the page saved when it began', async () => {
    vi.mocked(finishHostedLogin).mockResolvedValueOnce('/cart');
    const { leave } = await renderFlow({ hostedLoginReturn: true });
    expect(completeSignIn).toHaveBeenCalled();
    expect(leave).toHaveBeenCalledWith('/cart');
  });

  it("shows 'Invalid state in OAuth flow' and the sign-in form when the state does not match", async () => {
    vi.mocked(finishHostedLogin).mockRejectedValueOnce(new Error('Invalid state in OAuth flow'));
    const { leave } = await renderFlow({ hostedLoginReturn: true });
    expect(alertText()).toContain('Invalid state in OAuth flow');
    expect(leave).not.toHaveBeenCalled();
  });
});
