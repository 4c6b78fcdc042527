import type { IdentityContext } from '../context';
import { type IssuedTokens, issueTokens } from '../tokens/issue';
import { openSession } from '../tokens/sessions';
import type { ChallengeName } from '../users/model';
import type { User } from '../users/repository';

export interface AuthenticationResult extends IssuedTokens {
  RefreshToken?: string;
}

/** What InitiateAuth and RespondToAuthChallenge answer: either a further challenge or the tokens. */
export type AuthResponse =
  | { ChallengeName: ChallengeName; Session?: string; ChallengeParameters: Record<string, string> }
  | { ChallengeParameters: Record<string, never>; AuthenticationResult: AuthenticationResult };

/** The end of a sign-in: a new session, its refresh token, and the first access and id tokens. */
export async function signedIn(
  ctx: IdentityContext,
  user: User,
  clientId: string,
  scopes: string[] = [],
): Promise<AuthResponse> {
  const { session, refreshToken } = await openSession(ctx, {
    poolId: user.poolId,
    clientId,
    userId: user.id,
    scopes,
    authTime: ctx.now(),
  });
  const tokens = await issueTokens(ctx, user, session);
  return { ChallengeParameters: {}, AuthenticationResult: { ...tokens, RefreshToken: refreshToken } };
}
