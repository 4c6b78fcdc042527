import type { SetUpTOTPOutput } from 'aws-amplify/auth';
import { useId } from 'react';
import { AuthForm, emptyFields, Field, formValue, useFieldError } from './AuthForm';
import { AUTH_MESSAGES, OWN_MESSAGES } from './messages';
import type { MfaType } from './steps';
import { TotpQrCode } from './TotpQrCode';

/** Default name of an authenticator device (spec P§9). */
export const DEFAULT_TOTP_DEVICE_NAME = 'My TOTP device';

interface ChallengeProps {
  pending: boolean;
  /** Back to the sign-in screen, abandoning this attempt. */
  onCancel: () => void;
}

function CancelButton({
  onCancel,
  label = 'Back to sign in',
}: Pick<ChallengeProps, 'onCancel'> & { label?: string }) {
  return (
    <button type="button" className="auth-link" onClick={onCancel}>
      {label}
    </button>
  );
}

const CODE_SCREENS: Record<MfaType | 'CUSTOM', { title: string; label: string }> = {
  SMS: { title: 'Enter the code from your text message', label: 'Code' },
  EMAIL: { title: 'Enter the code from your email', label: 'Code' },
  TOTP: { title: 'Enter the code from your authenticator app', label: 'Code' },
  CUSTOM: { title: 'Answer the sign-in challenge', label: 'Answer' },
};

interface CodeFormProps extends ChallengeProps {
  method: MfaType | 'CUSTOM';
  destination: string | null;
  onSubmit: (code: string) => void;
}

/** A challenge answered with one value: an SMS, email or authenticator code, or a custom challenge. */
export function CodeForm({ method, destination, pending, onSubmit, onCancel }: CodeFormProps) {
  const { title, label } = CODE_SCREENS[method];
  return (
    <AuthForm
      title={title}
      intro={destination && <p>We sent it to {destination}.</p>}
      submitLabel="Confirm"
      pending={pending}
      validate={(form) => emptyFields(form, { code: AUTH_MESSAGES.challengeResponseEmpty })}
      onSubmit={(form) => onSubmit(formValue(form, 'code'))}
      actions={<CancelButton onCancel={onCancel} />}
    >
      <Field
        name="code"
        label={label}
        autoComplete="one-time-code"
        inputMode={method === 'CUSTOM' ? 'text' : 'numeric'}
      />
    </AuthForm>
  );
}

const MFA_LABELS: Record<MfaType, string> = {
  SMS: 'Text message (SMS)',
  TOTP: 'Authenticator app',
  EMAIL: 'Email',
};

interface MfaSelectionFormProps extends ChallengeProps {
  /** Choosing a method to set up rather than one to use. */
  setup: boolean;
  types: MfaType[];
  onSubmit: (type: MfaType) => void;
}

/** MFA selection: one of the methods the user pool allows. */
export function MfaSelectionForm({ setup, types, pending, onSubmit, onCancel }: MfaSelectionFormProps) {
  const chosen = (form: FormData) => types.find((type) => type === formValue(form, 'mfaType'));
  return (
    <AuthForm
      title={setup ? 'Choose a verification method to set up' : 'Choose how to verify your sign-in'}
      submitLabel="Continue"
      pending={pending}
      validate={(form) => (chosen(form) ? {} : { mfaType: AUTH_MESSAGES.invalidMfaType })}
      onSubmit={(form) => {
        const type = chosen(form);
        if (type) onSubmit(type);
      }}
      actions={<CancelButton onCancel={onCancel} />}
    >
      <MfaChoices types={types} />
    </AuthForm>
  );
}

/** The methods as radio buttons named mfaType; the given one (else the first) is chosen to begin with. */
export function MfaChoices({ types, chosen }: { types: readonly MfaType[]; chosen?: MfaType }) {
  const id = useId();
  const error = useFieldError('mfaType');
  return (
    <fieldset className="auth-choices" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="auth-field__label">Verification method</legend>
      {types.map((type, index) => (
        <label key={type} className="auth-choices__option">
          <input
            type="radio"
            name="mfaType"
            value={type}
            defaultChecked={chosen ? type === chosen : index === 0}
          />{' '}
          {MFA_LABELS[type]}
        </label>
      ))}
      {error && (
        <p id={`${id}-error`} className="auth-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

interface TotpSetupFormProps extends ChallengeProps {
  details: SetUpTOTPOutput;
  /** In the profile the set-up is a section of the page and its way out is a plain Cancel. */
  inProfile?: boolean;
  /** The issuer and account the authenticator app shows. */
  issuer: string;
  accountName: string;
  onSubmit: (answer: { code: string; deviceName: string }) => void;
}

/** TOTP set-up: scan the QR code (or type the key), name the device, then verify with a first code. */
export function TotpSetupForm(props: TotpSetupFormProps) {
  const { details, issuer, accountName, pending, onSubmit, onCancel, inProfile = false } = props;
  return (
    <AuthForm
      title="Set up your authenticator app"
      headingLevel={inProfile ? 2 : 1}
      intro={
        <div className="auth-totp">
          <p>Scan this QR code with your authenticator app, then enter the code it shows.</p>
          <TotpQrCode uri={details.getSetupUri(issuer, accountName).toString()} />
          <p>
            Cannot scan it? Enter this key in the app:{' '}
            <code className="auth-totp__key">{details.sharedSecret}</code>
          </p>
        </div>
      }
      submitLabel="Verify"
      pending={pending}
      validate={(form) => emptyFields(form, { code: AUTH_MESSAGES.challengeResponseEmpty })}
      onSubmit={(form) =>
        onSubmit({
          code: formValue(form, 'code'),
          deviceName: formValue(form, 'deviceName') || DEFAULT_TOTP_DEVICE_NAME,
        })
      }
      actions={<CancelButton onCancel={onCancel} label={inProfile ? 'Cancel' : undefined} />}
    >
      <Field name="deviceName" label="Device name" defaultValue={DEFAULT_TOTP_DEVICE_NAME} />
      <Field name="code" label="Code" autoComplete="one-time-code" inputMode="numeric" />
    </AuthForm>
  );
}

/** 'given_name' → 'Given name', 'custom:salesforceAccountId' → 'Salesforce account id'. */
export function attributeLabel(attribute: string): string {
  const words = attribute
    .replace(/^custom:/, '')
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

interface NewPasswordFormProps extends ChallengeProps {
  /** Attributes the user pool requires that the user does not have yet. */
  missingAttributes: string[];
  onSubmit: (answer: { password: string; attributes: Record<string, string> }) => void;
}

/** New password required: a new password, and any required attribute still missing. */
export function NewPasswordForm({ missingAttributes, pending, onSubmit, onCancel }: NewPasswordFormProps) {
  const field = (attribute: string) => `attribute:${attribute}`;
  return (
    <AuthForm
      title="Set a new password"
      intro={<p>Your password must be changed before you can sign in.</p>}
      submitLabel="Set password"
      pending={pending}
      validate={(form) =>
        emptyFields(form, {
          password: AUTH_MESSAGES.passwordEmpty,
          ...Object.fromEntries(
            missingAttributes.map((name) => [field(name), OWN_MESSAGES.attributeEmpty(attributeLabel(name))]),
          ),
        })
      }
      onSubmit={(form) =>
        onSubmit({
          password: formValue(form, 'password', { trim: false }),
          attributes: Object.fromEntries(
            missingAttributes.map((name) => [name, formValue(form, field(name))]),
          ),
        })
      }
      actions={<CancelButton onCancel={onCancel} />}
    >
      <Field name="password" label="New password" type="password" autoComplete="new-password" />
      {missingAttributes.map((name) => (
        <Field key={name} name={field(name)} label={attributeLabel(name)} />
      ))}
    </AuthForm>
  );
}
