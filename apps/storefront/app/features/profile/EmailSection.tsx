import {
  confirmUserAttribute,
  sendUserAttributeVerificationCode,
  updateUserAttribute,
} from 'aws-amplify/auth';
import {
  AuthForm,
  ConfirmationCodeField,
  emptyFields,
  Field,
  type FieldErrors,
  formValue,
} from '../auth/AuthForm';
import { AuthNotice } from '../auth/AuthNotice';
import { AUTH_MESSAGES, OWN_MESSAGES } from '../auth/messages';
import { isEmailAddress, PROFILE_MESSAGES, textProblem } from './profile-fields';
import { useProfileCall, useTokenRefresh } from './use-profile-call';

export function emailProblems(form: FormData): FieldErrors {
  const email = formValue(form, 'email');
  if (!email) return { email: OWN_MESSAGES.attributeEmpty('Email') };
  const problem = textProblem('Email', email);
  if (problem) return { email: problem };
  return isEmailAddress(email) ? {} : { email: PROFILE_MESSAGES.emailInvalid };
}

interface EmailSectionProps {
  email: string;
  verified: boolean;
  onChanged: () => Promise<void>;
}

/**
 * The email address: a new one gets a code by mail, entered here; until then it shows as not verified.
 * The username the user signs in with does not change, so signing in keeps working meanwhile.
 */
export function EmailSection({ email, verified, onChanged }: EmailSectionProps) {
  const { pending, notice, dismiss, run } = useProfileCall();
  const refreshTokens = useTokenRefresh();
  const change = (form: FormData) =>
    run(async () => {
      const { nextStep } = await updateUserAttribute({
        userAttribute: { attributeKey: 'email', value: formValue(form, 'email') },
      });
      await refreshTokens();
      await onChanged();
      return nextStep.updateAttributeStep === 'CONFIRM_ATTRIBUTE_WITH_CODE'
        ? PROFILE_MESSAGES.codeSent(nextStep.codeDeliveryDetails?.destination ?? formValue(form, 'email'))
        : null;
    });
  const confirm = (form: FormData) =>
    run(async () => {
      await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: formValue(form, 'code') });
      await refreshTokens();
      await onChanged();
      return PROFILE_MESSAGES.emailVerified;
    });
  const resend = () =>
    run(async () => {
      await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
      return AUTH_MESSAGES.codeResent;
    });
  return (
    <section className="profile-section">
      <AuthNotice notice={notice} onDismiss={dismiss} />
      <AuthForm
        key={email}
        title="Email address"
        headingLevel={2}
        intro={
          <p className="profile-section__intro">
            {email} {verified ? '(verified)' : '(not verified yet)'}
          </p>
        }
        submitLabel="Change email"
        pending={pending}
        validate={emailProblems}
        onSubmit={change}
      >
        <Field name="email" label="New email address" type="email" autoComplete="email" />
      </AuthForm>
      {!verified && (
        <AuthForm
          title="Verify your email address"
          headingLevel={2}
          submitLabel="Verify email"
          pending={pending}
          validate={(form) => emptyFields(form, { code: AUTH_MESSAGES.confirmationCodeEmpty })}
          onSubmit={confirm}
          actions={
            <button type="button" className="auth-link" onClick={resend}>
              Resend code
            </button>
          }
        >
          <ConfirmationCodeField />
        </AuthForm>
      )}
    </section>
  );
}
