import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  resendSignUpCode,
  resetPassword,
  type SignInOutput,
  signIn,
  signUp,
} from 'aws-amplify/auth';
import { useEffect, useRef, useState } from 'react';
import type { AuthSettings } from '../../lib/auth-settings';
import type { Notice } from './AuthNotice';
import { configureAmplify } from './amplify-config';
import { type Poller, pollAutoSignIn } from './auto-sign-in';
import { completeSignIn } from './complete-sign-in';
import { authErrorMessage } from './errors';
import { finishHostedLogin, hostedLoginUrl, hostedLogoutUrl } from './hosted-login';
import { AUTH_MESSAGES, OWN_MESSAGES } from './messages';
import type { Credentials } from './SignInForm';
import type { SignUpDetails } from './SignUpForms';
import { clearSession, refreshSession } from './session';
import { type MfaType, type Step, signInOutcome } from './steps';

export interface LoginFlowOptions {
  settings: AuthSettings;
  /** Where to go once signed in (already checked to stay on this site). */
  redirect: string;
  /** The page server saw this browser's tokens: the session is refreshed and the user sent back at once. */
  hasSession: boolean;
  /** A refused session sent the user here: it is cleared, with 'Session Expired, Please login again'. */
  expired: boolean;
  /** A "Create an account" link sent the user here: the page opens on sign-up. */
  signUp?: boolean;
  /** The URL carries the hosted login's answer. */
  hostedLoginReturn: boolean;
  /** The header's 'Sign out' posted here: the session is cleared, then home (spec P§4). */
  signOut: boolean;
  /** Leaves the page with a full load, so that every loader sees the new session. */
  leave: (url: string) => void;
}

/**
 * The sign-in state machine of /login (spec P§4): each answer of the identity service (Amplify's nextStep)
 * picks the next screen. One call at a time: while one is pending the screens are disabled and new
 * submissions are ignored.
 */
export function useLoginFlow(options: LoginFlowOptions) {
  const { settings, redirect, hasSession, expired, hostedLoginReturn, signOut, leave } = options;
  const [step, setStep] = useState<Step>(options.signUp ? { name: 'signUp' } : { name: 'signIn' });
  // Disabled until the arrival checks are done; the server-rendered form cannot be sent before hydration.
  const [pending, setPending] = useState(true);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [username, setUsername] = useState('');
  /** Kept in memory from sign-in or sign-up until the account is confirmed, to sign in automatically. */
  const password = useRef<string | null>(null);
  const busy = useRef(false);
  const leaving = useRef(false);
  const poller = useRef<Poller | null>(null);

  const fail = (error: unknown, fallback?: string) =>
    setNotice({ tone: 'error', text: authErrorMessage(error, fallback) });

  const run = async (task: () => Promise<void>, fallback?: string) => {
    if (busy.current || leaving.current) return;
    busy.current = true;
    setPending(true);
    setNotice(null);
    try {
      await task();
    } catch (error) {
      fail(error, fallback);
    } finally {
      busy.current = false;
      if (!leaving.current) setPending(false);
    }
  };

  const go = (url: string) => {
    leaving.current = true;
    leave(url);
  };

  const finish = async (path: string) => {
    await completeSignIn(settings);
    go(path);
  };

  const sendResetCode = async (user: string) => {
    const { nextStep } = await resetPassword({ username: user });
    setStep(
      nextStep.resetPasswordStep === 'DONE'
        ? { name: 'signIn' }
        : { name: 'resetPassword', destination: nextStep.codeDeliveryDetails.destination ?? null },
    );
  };

  const advance = async (output: SignInOutput, user: string) => {
    const outcome = signInOutcome(output);
    switch (outcome.kind) {
      case 'done':
        return finish(redirect);
      case 'sendResetCode':
        return sendResetCode(user);
      case 'unsupported':
        throw new Error(OWN_MESSAGES.unsupportedStep(outcome.signInStep));
      case 'step':
        if (outcome.step.name === 'selectMfa' && outcome.step.types.length === 0) {
          throw new Error(AUTH_MESSAGES.noValidMfaMethod);
        }
        setStep(outcome.step);
    }
  };

  /** A password sign-in; on a storefront with a custom flow its challenges follow the password. */
  const passwordSignIn = (user: string, secret: string) =>
    signIn({
      username: user,
      password: secret,
      ...(settings.customChallenge ? { options: { authFlowType: 'CUSTOM_WITH_SRP' as const } } : {}),
    });

  const signInWith = async ({ username: user, password: secret }: Credentials) => {
    setUsername(user);
    password.current = secret;
    await advance(await passwordSignIn(user, secret), user);
  };

  const arrive = () =>
    run(async () => {
      configureAmplify(settings);
      if (signOut) {
        setNotice({ tone: 'status', text: OWN_MESSAGES.signingOut });
        await clearSession();
        go(hostedLogoutUrl(settings) ?? '/');
      } else if (hostedLoginReturn) {
        const back = await finishHostedLogin(settings, new URL(window.location.href));
        if (back !== null) await finish(back);
      } else if (expired) {
        if (hasSession) await clearSession();
        fail(AUTH_MESSAGES.sessionExpired);
      } else if (hasSession) {
        if (await refreshSession()) go(redirect);
        else fail(AUTH_MESSAGES.sessionExpired);
      }
    });

  const actions = {
    signIn: (credentials: Credentials) => run(() => signInWith(credentials)),
    singleSignOn: () => run(async () => go(await hostedLoginUrl(settings, redirect))),
    answerChallenge: (challengeResponse: string) =>
      run(async () => {
        const output = await confirmSignIn({ challengeResponse }).catch((error: unknown) => {
          // Not authorised ends the attempt (too many wrong answers, an expired session): sign in again.
          if (error instanceof Error && error.name === 'NotAuthorizedException') setStep({ name: 'signIn' });
          throw error;
        });
        const outcome = signInOutcome(output);
        // A custom challenge asked again: the answer was refused, and the sign-in goes on.
        if (step.name === 'customChallenge' && outcome.kind === 'step' && outcome.step.name === step.name) {
          fail(OWN_MESSAGES.answerRefused(outcome.step.attemptsLeft));
        }
        await advance(output, username);
      }),
    chooseMfa: (type: MfaType) =>
      run(async () => advance(await confirmSignIn({ challengeResponse: type }), username)),
    verifyTotp: ({ code, deviceName }: { code: string; deviceName: string }) =>
      run(async () =>
        advance(
          await confirmSignIn({ challengeResponse: code, options: { friendlyDeviceName: deviceName } }),
          username,
        ),
      ),
    setNewPassword: ({
      password: secret,
      attributes,
    }: {
      password: string;
      attributes: Record<string, string>;
    }) =>
      run(async () =>
        advance(
          await confirmSignIn({ challengeResponse: secret, options: { userAttributes: attributes } }),
          username,
        ),
      ),
    signUp: (details: SignUpDetails) =>
      run(async () => {
        const { isSignUpComplete, nextStep } = await signUp({
          username: details.email,
          password: details.password,
          options: {
            userAttributes: {
              email: details.email,
              given_name: details.givenName,
              family_name: details.familyName,
            },
          },
        });
        if (isSignUpComplete) return signInWith({ username: details.email, password: details.password });
        setUsername(details.email);
        password.current = details.password;
        setStep({
          name: 'confirmSignUp',
          destination:
            'codeDeliveryDetails' in nextStep ? (nextStep.codeDeliveryDetails?.destination ?? null) : null,
        });
      }, AUTH_MESSAGES.errorCreatingAccount),
    confirmSignUp: (code: string) =>
      run(async () => {
        const polling = poller.current;
        await polling?.pause();
        try {
          await confirmSignUp({ username, confirmationCode: code });
          const secret = password.current;
          if (secret === null) setStep({ name: 'signIn' });
          else await signInWith({ username, password: secret });
        } catch (error) {
          polling?.resume();
          throw error;
        }
      }),
    resendSignUpCode: () =>
      run(async () => {
        await resendSignUpCode({ username });
        setNotice({ tone: 'status', text: AUTH_MESSAGES.codeResent });
      }),
    forgotPassword: (user: string) =>
      run(async () => {
        setUsername(user);
        await sendResetCode(user);
      }),
    resendResetCode: () =>
      run(async () => {
        await sendResetCode(username);
        setNotice({ tone: 'status', text: AUTH_MESSAGES.codeResent });
      }),
    resetPassword: ({ code, password: secret }: { code: string; password: string }) =>
      run(async () => {
        await confirmResetPassword({ username, confirmationCode: code, newPassword: secret });
        setStep({ name: 'signIn' });
        setNotice({ tone: 'status', text: OWN_MESSAGES.passwordReset });
      }),
    /** Switches between the screens that start a flow. */
    show: (screen: Extract<Step, { name: 'signIn' | 'signUp' | 'forgotPassword' }>) => {
      setNotice(null);
      setStep(screen);
    },
    dismissNotice: () => setNotice(null),
  };

  // Effects below call the latest closures without restarting when a render makes new ones.
  const latest = useRef({ arrive, advance, run, fail, passwordSignIn });
  latest.current = { arrive, advance, run, fail, passwordSignIn };

  useEffect(() => {
    void latest.current.arrive();
  }, []);

  useEffect(() => {
    const secret = password.current;
    if (step.name !== 'confirmSignUp' || secret === null) return;
    const current = pollAutoSignIn<SignInOutput>({
      attempt: async () => {
        const output = await latest.current.passwordSignIn(username, secret);
        return output.nextStep.signInStep === 'CONFIRM_SIGN_UP' ? null : output;
      },
      onConfirmed: (output) => void latest.current.run(() => latest.current.advance(output, username)),
      onGiveUp: () => {
        setStep({ name: 'signIn' });
        latest.current.fail(AUTH_MESSAGES.useCredentials);
      },
      onError: (error) => latest.current.fail(error),
    });
    poller.current = current;
    return () => {
      poller.current = null;
      current.stop();
    };
  }, [step, username]);

  return { step, pending, notice, username, actions };
}
