/** The user model's closed vocabularies, as Cognito names them. */

export const USER_STATUSES = [
  'UNCONFIRMED',
  'CONFIRMED',
  'EXTERNAL_PROVIDER',
  'UNKNOWN',
  'RESET_REQUIRED',
  'FORCE_CHANGE_PASSWORD',
] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const MFA_TYPES = ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'] as const;
export type MfaType = (typeof MFA_TYPES)[number];

/** OFF: never asked; OPTIONAL: asked when the user turned a factor on; ON: every user must set one up. */
export const MFA_CONFIGURATIONS = ['OFF', 'OPTIONAL', 'ON'] as const;
export type MfaConfiguration = (typeof MFA_CONFIGURATIONS)[number];

export const CHALLENGE_NAMES = [
  'PASSWORD_VERIFIER',
  'NEW_PASSWORD_REQUIRED',
  'SMS_MFA',
  'SOFTWARE_TOKEN_MFA',
  'SELECT_MFA_TYPE',
  'MFA_SETUP',
  'DEVICE_SRP_AUTH',
  'DEVICE_PASSWORD_VERIFIER',
  'CUSTOM_CHALLENGE',
] as const;
export type ChallengeName = (typeof CHALLENGE_NAMES)[number];

/**
 * The custom authentication flows an app client may run (CUSTOM_AUTH), in place of Cognito's Lambda triggers:
 * EMAIL_CODE asks for the password, then a one-time code e-mailed to the user.
 */
export const CUSTOM_CHALLENGES = ['EMAIL_CODE'] as const;
export type CustomChallenge = (typeof CUSTOM_CHALLENGES)[number];
