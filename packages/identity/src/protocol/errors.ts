/**
 * Cognito's exceptions with the HTTP status Amazon Cognito answers (its API reference): 400 for every client
 * error, 500 for its own failure. The SDK's model says 403/404/429 for a few, but the service answers 400, and
 * clients read the `__type`, so the AWS SDK and Amplify raise their typed errors from it either way.
 */
const STATUS = {
  AliasExistsException: 400,
  CodeDeliveryFailureException: 400,
  CodeMismatchException: 400,
  EnableSoftwareTokenMFAException: 400,
  ExpiredCodeException: 400,
  ForbiddenException: 400,
  GroupExistsException: 400,
  InternalErrorException: 500,
  InvalidParameterException: 400,
  InvalidPasswordException: 400,
  InvalidUserPoolConfigurationException: 400,
  LimitExceededException: 400,
  NotAuthorizedException: 400,
  PasswordResetRequiredException: 400,
  ResourceNotFoundException: 400,
  SoftwareTokenMFANotFoundException: 400,
  TooManyFailedAttemptsException: 400,
  TooManyRequestsException: 400,
  UnsupportedOperationException: 400,
  UnsupportedTokenTypeException: 400,
  UnsupportedUserStateException: 400,
  UserNotConfirmedException: 400,
  UserNotFoundException: 400,
  UsernameExistsException: 400,
  // Not in the Cognito model: what AWS's front door answers for a bad request or signature.
  SerializationException: 400,
  UnknownOperationException: 400,
  MissingAuthenticationTokenException: 400,
  UnrecognizedClientException: 400,
  InvalidSignatureException: 400,
} as const;

export type ExceptionName = keyof typeof STATUS;

export class CognitoError extends Error {
  readonly status: 400 | 500;

  constructor(
    readonly type: ExceptionName,
    message: string,
  ) {
    super(message);
    this.status = STATUS[type];
  }

  get body(): { __type: ExceptionName; message: string } {
    return { __type: this.type, message: this.message };
  }
}

/** The messages Cognito uses, where clients (and the spec's sign-out rules) match on the text. */
export const MESSAGE = {
  badCredentials: 'Incorrect username or password.',
  passwordAttemptsExceeded: 'Password attempts exceeded',
  userDisabled: 'User is disabled.',
  userNotFound: 'User does not exist.',
  userNotConfirmed: 'User is not confirmed.',
  resetRequired: 'Password reset required for the user',
  cannotReset: 'User password cannot be reset in the current state.',
  accessTokenRevoked: 'Access Token has been revoked',
  accessTokenExpired: 'Access Token has expired',
  accessTokenInvalid: 'Invalid Access Token',
  refreshTokenRevoked: 'Refresh Token has been revoked',
  refreshTokenExpired: 'Refresh Token has expired',
  refreshTokenInvalid: 'Invalid Refresh Token',
  codeMismatch: 'Invalid verification code provided, please try again.',
  codeExpired: 'Invalid code provided, please request a code again.',
  mfaCodeMismatch: 'Invalid code received for user',
  invalidSession: 'Invalid session for the user.',
  sessionExpired: 'Invalid session for the user, session is expired.',
  attemptLimit: 'Attempt limit exceeded, please try after some time.',
  tooManyRequests: 'Rate exceeded',
  unauthorizedAttribute: 'A client attempted to write unauthorized attribute',
} as const;

export const notAuthorized = (message: string) => new CognitoError('NotAuthorizedException', message);
export const invalidParameter = (message: string) => new CognitoError('InvalidParameterException', message);
