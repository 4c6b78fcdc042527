import { AuthForm, emptyFields, Field, formValue } from './AuthForm';
import { AUTH_MESSAGES } from './messages';

export interface Credentials {
  username: string;
  password: string;
}

interface SignInFormProps {
  pending: boolean;
  defaultUsername: string;
  /** Offers the hosted login first (single-sign-on storefronts). */
  singleSignOn: boolean;
  onSignIn: (credentials: Credentials) => void;
  onSingleSignOn: () => void;
  onSignUp: () => void;
  onForgotPassword: () => void;
}

export function SignInForm(props: SignInFormProps) {
  const { pending, defaultUsername, singleSignOn, onSignIn, onSingleSignOn, onSignUp, onForgotPassword } =
    props;
  return (
    <AuthForm
      title="Sign in"
      intro={
        singleSignOn && (
          <p className="auth-form__sso">
            <button type="button" className="button" disabled={pending} onClick={onSingleSignOn}>
              Sign in with single sign-on
            </button>
          </p>
        )
      }
      submitLabel="Sign in"
      pending={pending}
      validate={(form) =>
        emptyFields(form, { username: AUTH_MESSAGES.usernameEmpty, password: AUTH_MESSAGES.passwordEmpty })
      }
      onSubmit={(form) =>
        onSignIn({
          username: formValue(form, 'username'),
          password: formValue(form, 'password', { trim: false }),
        })
      }
      actions={
        <>
          <button type="button" className="auth-link" onClick={onForgotPassword}>
            Forgot your password?
          </button>
          <button type="button" className="auth-link" onClick={onSignUp}>
            Create an account
          </button>
        </>
      }
    >
      <Field name="username" label="Username" autoComplete="username" defaultValue={defaultUsername} />
      <Field name="password" label="Password" type="password" autoComplete="current-password" />
    </AuthForm>
  );
}
