import { useEffect, useRef } from 'react';
import { AuthNotice } from './AuthNotice';
import { CodeForm, MfaSelectionForm, NewPasswordForm, TotpSetupForm } from './ChallengeForms';
import { ForgotPasswordForm, ResetPasswordForm } from './PasswordResetForms';
import { SignInForm } from './SignInForm';
import { ConfirmSignUpForm, SignUpForm } from './SignUpForms';
import type { Step } from './steps';
import { type LoginFlowOptions, useLoginFlow } from './use-login-flow';

/** /login: the screen of the current sign-in step, with the identity service's messages above it. */
export function LoginFlow(options: LoginFlowOptions) {
  const { step, pending, notice, username, actions } = useLoginFlow(options);
  const screen = useRef<HTMLDivElement>(null);
  const firstStep = useRef(true);
  // A new screen replaces the form that had focus: its heading takes it, so the change is heard.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step is the change to react to.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    screen.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [step]);
  return (
    <div className="auth-flow">
      <AuthNotice notice={notice} onDismiss={actions.dismissNotice} />
      <div ref={screen}>
        <StepScreen
          step={step}
          pending={pending}
          username={username}
          issuer={options.settings.storefrontName}
          singleSignOn={options.settings.singleSignOn}
          actions={actions}
        />
      </div>
    </div>
  );
}

interface StepScreenProps {
  step: Step;
  pending: boolean;
  username: string;
  issuer: string;
  singleSignOn: boolean;
  actions: ReturnType<typeof useLoginFlow>['actions'];
}

function StepScreen({ step, pending, username, issuer, singleSignOn, actions }: StepScreenProps) {
  const toSignIn = () => actions.show({ name: 'signIn' });
  switch (step.name) {
    case 'signIn':
      return (
        <SignInForm
          pending={pending}
          defaultUsername={username}
          singleSignOn={singleSignOn}
          onSignIn={actions.signIn}
          onSingleSignOn={actions.singleSignOn}
          onSignUp={() => actions.show({ name: 'signUp' })}
          onForgotPassword={() => actions.show({ name: 'forgotPassword' })}
        />
      );
    case 'code':
      return (
        <CodeForm
          method={step.method}
          destination={step.destination}
          pending={pending}
          onSubmit={actions.answerChallenge}
          onCancel={toSignIn}
        />
      );
    case 'customChallenge':
      return (
        <CodeForm
          // Another try starts from an empty field.
          key={step.attemptsLeft}
          method={step.method}
          destination={step.destination}
          pending={pending}
          onSubmit={actions.answerChallenge}
          onCancel={toSignIn}
        />
      );
    case 'selectMfa':
      return (
        <MfaSelectionForm
          setup={step.setup}
          types={step.types}
          pending={pending}
          onSubmit={actions.chooseMfa}
          onCancel={toSignIn}
        />
      );
    case 'setUpTotp':
      return (
        <TotpSetupForm
          details={step.details}
          issuer={issuer}
          accountName={username}
          pending={pending}
          onSubmit={actions.verifyTotp}
          onCancel={toSignIn}
        />
      );
    case 'newPassword':
      return (
        <NewPasswordForm
          missingAttributes={step.missingAttributes}
          pending={pending}
          onSubmit={actions.setNewPassword}
          onCancel={toSignIn}
        />
      );
    case 'signUp':
      return <SignUpForm pending={pending} onSubmit={actions.signUp} onSignIn={toSignIn} />;
    case 'confirmSignUp':
      return (
        <ConfirmSignUpForm
          pending={pending}
          destination={step.destination}
          onSubmit={actions.confirmSignUp}
          onResend={actions.resendSignUpCode}
          onSignIn={toSignIn}
        />
      );
    case 'forgotPassword':
      return (
        <ForgotPasswordForm
          pending={pending}
          defaultUsername={username}
          onSubmit={actions.forgotPassword}
          onSignIn={toSignIn}
        />
      );
    case 'resetPassword':
      return (
        <ResetPasswordForm
          pending={pending}
          destination={step.destination}
          onSubmit={actions.resetPassword}
          onResend={actions.resendResetCode}
          onSignIn={toSignIn}
        />
      );
  }
}
