import {
  AuthForm,
  CodeScreenActions,
  ConfirmationCodeField,
  emptyFields,
  Field,
  formValue,
} from './AuthForm';
import { AUTH_MESSAGES } from './messages';

interface ForgotPasswordFormProps {
  pending: boolean;
  defaultUsername: string;
  onSubmit: (username: string) => void;
  onSignIn: () => void;
}

/** Forgot password, first step: a code is sent to the user. */
export function ForgotPasswordForm({
  pending,
  defaultUsername,
  onSubmit,
  onSignIn,
}: ForgotPasswordFormProps) {
  return (
    <AuthForm
      title="Reset your password"
      intro={<p>We will send you a code to set a new password.</p>}
      submitLabel="Send code"
      pending={pending}
      validate={(form) => emptyFields(form, { username: AUTH_MESSAGES.usernameEmpty })}
      onSubmit={(form) => onSubmit(formValue(form, 'username'))}
      actions={
        <button type="button" className="auth-link" onClick={onSignIn}>
          Back to sign in
        </button>
      }
    >
      <Field name="username" label="Username" autoComplete="username" defaultValue={defaultUsername} />
    </AuthForm>
  );
}

interface ResetPasswordFormProps {
  pending: boolean;
  destination: string | null;
  onSubmit: (answer: { code: string; password: string }) => void;
  onResend: () => void;
  onSignIn: () => void;
}

/** Forgot password, second step: the code and the new password. */
export function ResetPasswordForm({
  pending,
  destination,
  onSubmit,
  onResend,
  onSignIn,
}: ResetPasswordFormProps) {
  return (
    <AuthForm
      title="Set a new password"
      intro={<p>We sent a code{destination ? ` to ${destination}` : ''}. Enter it with your new password.</p>}
      submitLabel="Reset password"
      pending={pending}
      validate={(form) =>
        emptyFields(form, {
          code: AUTH_MESSAGES.confirmationCodeEmpty,
          password: AUTH_MESSAGES.passwordEmpty,
        })
      }
      onSubmit={(form) =>
        onSubmit({ code: formValue(form, 'code'), password: formValue(form, 'password', { trim: false }) })
      }
      actions={<CodeScreenActions onResend={onResend} onSignIn={onSignIn} />}
    >
      <ConfirmationCodeField />
      <Field name="password" label="New password" type="password" autoComplete="new-password" />
    </AuthForm>
  );
}
