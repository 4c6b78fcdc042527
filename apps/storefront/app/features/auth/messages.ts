import { MESSAGES } from '@storefront/contracts/messages';

/** Sign-in texts a person sees, quoted verbatim from the specification (P§4, P§5, P§8). */
export const AUTH_MESSAGES = {
  usernameEmpty: 'Username cannot be empty',
  passwordEmpty: 'Password cannot be empty',
  confirmationCodeEmpty: 'Confirmation code cannot be empty',
  challengeResponseEmpty: 'Challenge response cannot be empty',
  noValidMfaMethod: 'No valid MFA method provided',
  invalidMfaType: 'Invalid MFA type',
  errorCreatingAccount: 'Error creating account',
  emptySessionUser: 'Failed to get the session because the user is empty',
  deviceTrackingNotConfigured: 'Device tracking has not been configured in this User Pool',
  networkError: 'Network Error',
  useCredentials: 'Please use your credentials to sign in',
  invalidOAuthState: 'Invalid state in OAuth flow',
  sessionExpired: MESSAGES.sessionExpired,
  notAuthenticated: 'User is not authenticated',
  signOutTimeout: 'Signout timeout fail',
  passwordUpdated: 'Password updated successfully.',
  codeResent: 'Code resent successfully.',
} as const;

/** Texts of our own where the specification has none. */
export const OWN_MESSAGES = {
  givenNameEmpty: 'Given name cannot be empty',
  familyNameEmpty: 'Family name cannot be empty',
  attributeEmpty: (label: string) => `${label} cannot be empty`,
  passwordReset: 'Your password has been reset. Sign in with your new password.',
  signingOut: 'Signing out…',
  unsupportedStep: (step: string) => `This sign-in step is not supported here: ${step}`,
  answerRefused: (attemptsLeft: number | null) =>
    `That answer is not right. Please try again${attemptsLeft === null ? '' : ` (attempts left: ${attemptsLeft})`}.`,
} as const;

/** Refusals that end the session: it is cleared and the user signs in again (spec P§8). */
export const SIGN_OUT_MESSAGES: readonly string[] = [
  'User is disabled.',
  'User does not exist.',
  'Access Token has been revoked',
  'Refresh Token has been revoked',
  'Refresh Token has expired',
  'Password reset required for the user',
];
