import type { SetUpTOTPOutput, SignInOutput } from 'aws-amplify/auth';

/** The MFA methods a person can choose here: text message, authenticator app, email. */
const MFA_TYPES = ['SMS', 'TOTP', 'EMAIL'] as const;
export type MfaType = (typeof MFA_TYPES)[number];

const isMfaType = (value: string): value is MfaType => (MFA_TYPES as readonly string[]).includes(value);

/** Each screen of /login: the sign-in challenge sequence of spec P§4, sign-up and the password reset. */
export type Step =
  | { name: 'signIn' }
  | { name: 'code'; method: MfaType; destination: string | null }
  | { name: 'selectMfa'; setup: boolean; types: MfaType[] }
  | { name: 'setUpTotp'; details: SetUpTOTPOutput }
  | { name: 'newPassword'; missingAttributes: string[] }
  | {
      name: 'customChallenge';
      /** How the answer reached the user, when the challenge sent a code; CUSTOM for any other answer. */
      method: 'EMAIL' | 'SMS' | 'CUSTOM';
      destination: string | null;
      attemptsLeft: number | null;
    }
  | { name: 'signUp' }
  | { name: 'confirmSignUp'; destination: string | null }
  | { name: 'forgotPassword' }
  | { name: 'resetPassword'; destination: string | null };

/** Where a sign-in answer leads: a screen, an action the flow takes itself, done, or a step we cannot do. */
export type SignInOutcome =
  | { kind: 'step'; step: Step }
  | { kind: 'sendResetCode' }
  | { kind: 'done' }
  | { kind: 'unsupported'; signInStep: string };

/** Maps Amplify's nextStep to what /login does next. */
export function signInOutcome({ isSignedIn, nextStep }: SignInOutput): SignInOutcome {
  const step = (value: Step): SignInOutcome => ({ kind: 'step', step: value });
  switch (nextStep.signInStep) {
    case 'DONE':
      return isSignedIn ? { kind: 'done' } : { kind: 'unsupported', signInStep: nextStep.signInStep };
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
      return step({ name: 'code', method: 'SMS', destination: destinationOf(nextStep) });
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
      return step({ name: 'code', method: 'EMAIL', destination: destinationOf(nextStep) });
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return step({ name: 'code', method: 'TOTP', destination: null });
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
      return step({
        name: 'selectMfa',
        setup: nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION',
        types: (nextStep.allowedMFATypes ?? []).filter(isMfaType),
      });
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
      return step({ name: 'setUpTotp', details: nextStep.totpSetupDetails });
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return step({ name: 'newPassword', missingAttributes: nextStep.missingAttributes ?? [] });
    case 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE':
      return step(customChallenge(nextStep.additionalInfo ?? {}));
    case 'CONFIRM_SIGN_UP':
      return step({ name: 'confirmSignUp', destination: null });
    case 'RESET_PASSWORD':
      return { kind: 'sendResetCode' };
    default:
      return { kind: 'unsupported', signInStep: nextStep.signInStep };
  }
}

/** A custom challenge's public parameters: where its code went (Cognito's CODE_DELIVERY_* names), tries left. */
function customChallenge(parameters: Record<string, string>): Step {
  const medium = parameters.CODE_DELIVERY_DELIVERY_MEDIUM;
  const attemptsLeft = Number.parseInt(parameters.ATTEMPTS_LEFT ?? '', 10);
  return {
    name: 'customChallenge',
    method: medium === 'EMAIL' || medium === 'SMS' ? medium : 'CUSTOM',
    destination: parameters.CODE_DELIVERY_DESTINATION ?? null,
    attemptsLeft: Number.isInteger(attemptsLeft) ? attemptsLeft : null,
  };
}

function destinationOf(nextStep: { codeDeliveryDetails?: { destination?: string } }): string | null {
  return nextStep.codeDeliveryDetails?.destination ?? null;
}
