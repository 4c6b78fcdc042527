import {
  AuthForm,
  CodeScreenActions,
  ConfirmationCodeField,
  emptyFields,
  Field,
  formValue,
} from './AuthForm';
import { AUTH_MESSAGES, OWN_MESSAGES } from './messages';

export interface SignUpDetails {
  email: string;
  givenName: string;
  familyName: string;
  password: string;
}

interface SignUpFormProps {
  pending: boolean;
  onSubmit: (details: SignUpDetails) => void;
  onSignIn: () => void;
}

/** Sign-up: the email is the username. */
export function SignUpForm({ pending, onSubmit, onSignIn }: SignUpFormProps) {
  return (
    <AuthForm
      title="Create an account"
      submitLabel="Create account"
      pending={pending}
      validate={(form) =>
        emptyFields(form, {
          email: AUTH_MESSAGES.usernameEmpty,
          givenName: OWN_MESSAGES.givenNameEmpty,
          familyName: OWN_MESSAGES.familyNameEmpty,
          password: AUTH_MESSAGES.passwordEmpty,
        })
      }
      onSubmit={(form) =>
        onSubmit({
          email: formValue(form, 'email'),
          givenName: formValue(form, 'givenName'),
          familyName: formValue(form, 'familyName'),
          password: formValue(form, 'password', { trim: false }),
        })
      }
      actions={
        <button type="button" className="auth-link" onClick={onSignIn}>
          I already have an account
        </button>
      }
    >
      <Field name="email" label="Email" type="email" autoComplete="email" inputMode="email" />
      <Field name="givenName" label="Given name" autoComplete="given-name" />
      <Field name="familyName" label="Family name" autoComplete="family-name" />
      <Field name="password" label="Password" type="password" autoComplete="new-password" />
    </AuthForm>
  );
}

interface ConfirmSignUpFormProps {
  pending: boolean;
  destination: string | null;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onSignIn: () => void;
}

/**
 * Confirmation of a new account, by the code in the message; a link in it works too, as sign-in is tried in
 * the background meanwhile.
 */
export function ConfirmSignUpForm({
  pending,
  destination,
  onSubmit,
  onResend,
  onSignIn,
}: ConfirmSignUpFormProps) {
  return (
    <AuthForm
      title="Confirm your account"
      intro={
        <p>
          We sent a confirmation message{destination ? ` to ${destination}` : ''}. Enter its code, or open its
          link: you will be signed in here once the account is confirmed.
        </p>
      }
      submitLabel="Confirm"
      pending={pending}
      validate={(form) => emptyFields(form, { code: AUTH_MESSAGES.confirmationCodeEmpty })}
      onSubmit={(form) => onSubmit(formValue(form, 'code'))}
      actions={<CodeScreenActions onResend={onResend} onSignIn={onSignIn} />}
    >
      <ConfirmationCodeField />
    </AuthForm>
  );
}
