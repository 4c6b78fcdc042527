import type { IdentityContext } from '../context';
import type { User } from '../users/repository';

/**
 * A user's tokens stopped being good, or what GetUser answers for them changed: recorded in the shared state
 * after the change is stored, so gateways that keep verified users (docs/decisions/0040) verify the next call
 * again and see it.
 */
export function recordRevocation(
  ctx: IdentityContext,
  user: Pick<User, 'poolId' | 'username'>,
): Promise<void> {
  return ctx.revocations.revoke(user.poolId, user.username);
}
