import { updatePassword } from 'aws-amplify/auth';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { AuthSettings } from '../../lib/auth-settings';
import { AuthForm, emptyFields, Field, formValue } from './AuthForm';
import { AuthNotice, type Notice } from './AuthNotice';
import { configureAmplify } from './amplify-config';
import { authErrorMessage } from './errors';
import { AUTH_MESSAGES } from './messages';

/**
 * /changePassword, and a section of the profile (`inProfile`: a section heading, no way back to the
 * storefront): the current and a new password (spec P§8 'Password updated successfully.').
 */
export function ChangePasswordForm({
  settings,
  inProfile = false,
}: {
  settings: AuthSettings;
  inProfile?: boolean;
}) {
  // Disabled until Amplify is configured in the browser.
  const [pending, setPending] = useState(true);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [round, setRound] = useState(0);
  const busy = useRef(false);

  useEffect(() => {
    try {
      configureAmplify(settings);
      setPending(false);
    } catch (error) {
      setNotice({ tone: 'error', text: authErrorMessage(error) });
    }
  }, [settings]);

  const change = async (oldPassword: string, newPassword: string) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setNotice(null);
    try {
      await updatePassword({ oldPassword, newPassword });
      setNotice({ tone: 'status', text: AUTH_MESSAGES.passwordUpdated });
      // A new form: the passwords typed are not kept on screen.
      setRound((value) => value + 1);
    } catch (error) {
      setNotice({ tone: 'error', text: authErrorMessage(error) });
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  return (
    <div className="auth-flow">
      <AuthNotice notice={notice} onDismiss={() => setNotice(null)} />
      <AuthForm
        key={round}
        title="Change your password"
        headingLevel={inProfile ? 2 : 1}
        submitLabel="Change password"
        pending={pending}
        validate={(form) =>
          emptyFields(form, {
            oldPassword: AUTH_MESSAGES.passwordEmpty,
            newPassword: AUTH_MESSAGES.passwordEmpty,
          })
        }
        onSubmit={(form) =>
          change(
            formValue(form, 'oldPassword', { trim: false }),
            formValue(form, 'newPassword', { trim: false }),
          )
        }
        actions={
          inProfile ? undefined : (
            <Link to="/" className="auth-link">
              Back to the storefront
            </Link>
          )
        }
      >
        <Field name="oldPassword" label="Current password" type="password" autoComplete="current-password" />
        <Field name="newPassword" label="New password" type="password" autoComplete="new-password" />
      </AuthForm>
    </div>
  );
}
