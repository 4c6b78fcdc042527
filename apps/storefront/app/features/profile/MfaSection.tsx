import {
  type FetchMFAPreferenceOutput,
  type SetUpTOTPOutput,
  setUpTOTP,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { useState } from 'react';
import { AuthForm, formValue } from '../auth/AuthForm';
import { AuthNotice } from '../auth/AuthNotice';
import { MfaChoices, TotpSetupForm } from '../auth/ChallengeForms';
import { AUTH_MESSAGES } from '../auth/messages';
import type { MfaType } from '../auth/steps';
import { PROFILE_MESSAGES } from './profile-fields';
import { useProfileCall } from './use-profile-call';

interface MfaSectionProps {
  preference: FetchMFAPreferenceOutput;
  /** A text-message code needs a phone number on record. */
  hasPhone: boolean;
  /** The issuer and account name an authenticator app shows. */
  issuer: string;
  accountName: string;
  onChanged: () => Promise<void>;
}

/**
 * Multi-factor sign-in: set up the authenticator app (QR code, then a first code) or remove it, and choose
 * which method a sign-in asks for when there are two.
 */
export function MfaSection({ preference, hasPhone, issuer, accountName, onChanged }: MfaSectionProps) {
  const { pending, notice, dismiss, run } = useProfileCall();
  const [setup, setSetup] = useState<SetUpTOTPOutput | null>(null);
  const totpOn = preference.enabled?.includes('TOTP') ?? false;
  const methods: MfaType[] = [
    ...(totpOn ? (['TOTP'] as const) : []),
    ...(hasPhone ? (['SMS'] as const) : []),
  ];

  const startSetup = () =>
    run(async () => {
      setSetup(await setUpTOTP());
      return null;
    });
  const finishSetup = ({ code, deviceName }: { code: string; deviceName: string }) =>
    run(async () => {
      await verifyTOTPSetup({ code, options: { friendlyDeviceName: deviceName } });
      await updateMFAPreference({ totp: 'PREFERRED' });
      setSetup(null);
      await onChanged();
      return PROFILE_MESSAGES.totpSetUp;
    });
  const remove = () =>
    run(async () => {
      await updateMFAPreference({ totp: 'DISABLED' });
      await onChanged();
      return PROFILE_MESSAGES.totpRemoved;
    });
  const choose = (form: FormData) =>
    run(async () => {
      const method = methods.find((type) => type === formValue(form, 'mfaType'));
      await updateMFAPreference(method === 'SMS' ? { sms: 'PREFERRED' } : { totp: 'PREFERRED' });
      await onChanged();
      return PROFILE_MESSAGES.preferenceSaved;
    });

  return (
    <section className="profile-section">
      <AuthNotice notice={notice} onDismiss={dismiss} />
      {setup ? (
        <TotpSetupForm
          inProfile
          details={setup}
          issuer={issuer}
          accountName={accountName}
          pending={pending}
          onSubmit={finishSetup}
          onCancel={() => setSetup(null)}
        />
      ) : (
        <div className="auth-form">
          <h2 className="auth-form__title">Authenticator app</h2>
          <p className="profile-section__intro">
            {totpOn
              ? 'Sign-ins ask for a code from your authenticator app.'
              : 'Add an authenticator app for a second step at sign-in.'}
          </p>
          <button
            type="button"
            className="button profile-section__action"
            disabled={pending}
            onClick={totpOn ? remove : startSetup}
          >
            {totpOn ? 'Remove authenticator app' : 'Set up authenticator app'}
          </button>
        </div>
      )}
      {methods.length > 1 && !setup && (
        <AuthForm
          title="Preferred sign-in code"
          headingLevel={2}
          submitLabel="Save preference"
          pending={pending}
          validate={(form) =>
            methods.some((type) => type === formValue(form, 'mfaType'))
              ? {}
              : { mfaType: AUTH_MESSAGES.invalidMfaType }
          }
          onSubmit={choose}
        >
          <MfaChoices types={methods} chosen={preferredMethod(preference)} />
        </AuthForm>
      )}
    </section>
  );
}

function preferredMethod(preference: FetchMFAPreferenceOutput): MfaType | undefined {
  return preference.preferred === 'SMS' || preference.preferred === 'TOTP' ? preference.preferred : undefined;
}
