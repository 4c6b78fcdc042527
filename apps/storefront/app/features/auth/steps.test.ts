import type { SignInOutput } from 'aws-amplify/auth';
import { describe, expect, it } from 'vitest';
import { signInOutcome } from './steps';

const output = (nextStep: object, isSignedIn = false) => ({ isSignedIn, nextStep }) as SignInOutput;

describe('signInOutcome', () => {
  it('maps each challenge of the sequence to its screen', () => {
    const totp = { sharedSecret: 'S', getSetupUri: () => new URL('otpauth://totp/x') };
    expect(
      signInOutcome(
        output({
          signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE',
          codeDeliveryDetails: { destination: '+1***55' },
        }),
      ),
    ).toEqual({ kind: 'step', step: { name: 'code', method: 'SMS', destination: '+1***55' } });
    expect(signInOutcome(output({ signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }))).toEqual({
      kind: 'step',
      step: { name: 'code', method: 'TOTP', destination: null },
    });
    expect(
      signInOutcome(
        output({
          signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION',
          allowedMFATypes: ['SMS', 'TOTP', 'WEBAUTHN'],
        }),
      ),
    ).toEqual({ kind: 'step', step: { name: 'selectMfa', setup: false, types: ['SMS', 'TOTP'] } });
    expect(
      signInOutcome(
        output({ signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION', allowedMFATypes: ['TOTP'] }),
      ),
    ).toEqual({ kind: 'step', step: { name: 'selectMfa', setup: true, types: ['TOTP'] } });
    expect(
      signInOutcome(output({ signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', totpSetupDetails: totp })),
    ).toEqual({ kind: 'step', step: { name: 'setUpTotp', details: totp } });
    expect(
      signInOutcome(
        output({
          signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED',
          missingAttributes: ['given_name'],
        }),
      ),
    ).toEqual({ kind: 'step', step: { name: 'newPassword', missingAttributes: ['given_name'] } });
    expect(signInOutcome(output({ signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' }))).toEqual({
      kind: 'step',
      step: { name: 'customChallenge', method: 'CUSTOM', destination: null, attemptsLeft: null },
    });
    expect(
      signInOutcome(
        output({
          signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
          additionalInfo: {
            CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
            CODE_DELIVERY_DESTINATION: 'a***@e***.com',
            ATTEMPTS_LEFT: '2',
          },
        }),
      ),
    ).toEqual({
      kind: 'step',
      step: { name: 'customChallenge', method: 'EMAIL', destination: 'a***@e***.com', attemptsLeft: 2 },
    });
    expect(signInOutcome(output({ signInStep: 'CONFIRM_SIGN_UP' }))).toEqual({
      kind: 'step',
      step: { name: 'confirmSignUp', destination: null },
    });
  });

  it('finishes when signed in, and sends a reset code when the password must be reset', () => {
    expect(signInOutcome(output({ signInStep: 'DONE' }, true))).toEqual({ kind: 'done' });
    expect(signInOutcome(output({ signInStep: 'RESET_PASSWORD' }))).toEqual({ kind: 'sendResetCode' });
  });

  it('reports the steps this page does not offer', () => {
    expect(signInOutcome(output({ signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION' }))).toEqual({
      kind: 'unsupported',
      signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION',
    });
  });
});
