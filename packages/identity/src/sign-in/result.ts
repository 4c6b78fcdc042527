import type { IdentityContext } from '../context';
import { type AuthorizeGrant, issueAuthorizationCode } from '../hosted/grant';
import { ADMIN_SCOPE, type IssuedTokens, issueTokens } from '../tokens/issue';
import { openSession } from '../tokens/sessions';
import { issueDevice, touchDevice } from '../users/devices';
import type { ChallengeName } from '../users/model';
import type { Pool } from '../users/pools';
import type { User } from '../users/repository';
import type { CustomSignIn } from './custom';

/**
 * Who is signing in, where, and from which device (the client's DEVICE_KEY, if it has one). A hosted
 * sign-in carries its authorize request and ends with an authorization code instead of tokens; a custom
 * one (CUSTOM_AUTH) its flow and session so far.
 */
export interface SignInState {
  pool: Pool;
  clientId: string;
  user: User;
  deviceKey?: string;
  authorize?: AuthorizeGrant;
  custom?: CustomSignIn;
}

export interface AuthenticationResult extends IssuedTokens {
  RefreshToken?: string;
  NewDeviceMetadata?: { DeviceKey: string; DeviceGroupKey: string };
}

/** What a sign-in step answers: a further challenge, the tokens, or (hosted) an authorization code. */
export type AuthResponse =
  | { ChallengeName: ChallengeName; Session?: string; ChallengeParameters: Record<string, string> }
  | { ChallengeParameters: Record<string, never>; AuthenticationResult: AuthenticationResult }
  | { ChallengeParameters: Record<string, never>; AuthorizationCode: string };

/**
 * The end of a sign-in: a new session, its refresh token, the first access and id tokens, and a new device
 * when the pool tracks devices and the client did not sign in from a known one. A hosted sign-in gets a
 * code instead, which the token endpoint exchanges for a session.
 */
export async function signedIn(ctx: IdentityContext, state: SignInState): Promise<AuthResponse> {
  const { user, pool, clientId } = state;
  if (state.authorize) {
    const code = await issueAuthorizationCode(ctx, state.authorize, { clientId, userId: user.id });
    return { ChallengeParameters: {}, AuthorizationCode: code };
  }
  const { session, refreshToken } = await openSession(ctx, {
    poolId: user.poolId,
    clientId,
    userId: user.id,
    scopes: [ADMIN_SCOPE],
    authTime: ctx.now(),
  });
  const tokens = await issueTokens(ctx, user, session);
  const newDevice =
    pool.deviceTracking && !(await touchDevice(ctx, user.id, state.deviceKey))
      ? { NewDeviceMetadata: await issueDevice(ctx, pool, user.id) }
      : {};
  return {
    ChallengeParameters: {},
    AuthenticationResult: { ...tokens, RefreshToken: refreshToken, ...newDevice },
  };
}
