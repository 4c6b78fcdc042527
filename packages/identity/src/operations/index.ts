import { AssociateSoftwareToken, SetUserMFAPreference, SetUserSettings, VerifySoftwareToken } from './mfa';
import type { Operation } from './operation';
import { ChangePassword, ConfirmForgotPassword, ForgotPassword } from './password';
import { GetTokensFromRefreshToken, InitiateAuth, RespondToAuthChallenge } from './sign-in';
import { GlobalSignOut, RevokeToken } from './sign-out';
import { ConfirmSignUp, ResendConfirmationCode, SignUp } from './sign-up';
import { GetUser } from './user';

/** Every operation the service answers, by the name in `X-Amz-Target`. */
export const OPERATIONS: ReadonlyMap<string, Operation> = new Map(
  Object.entries({
    AssociateSoftwareToken,
    ChangePassword,
    ConfirmForgotPassword,
    ConfirmSignUp,
    ForgotPassword,
    GetTokensFromRefreshToken,
    GetUser,
    GlobalSignOut,
    InitiateAuth,
    ResendConfirmationCode,
    RespondToAuthChallenge,
    RevokeToken,
    SetUserMFAPreference,
    SetUserSettings,
    SignUp,
    VerifySoftwareToken,
  }),
);
