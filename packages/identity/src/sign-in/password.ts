import type { IdentityContext } from '../context';
import { MESSAGE, notAuthorized } from '../protocol/errors';
import { findUser, type User, updateUser, usernameKey } from '../users/repository';

/**
 * USER_PASSWORD_AUTH's check, behind the lockout. An unknown user costs the same hash and gets the same
 * answer as a wrong password (PreventUserExistenceErrors), and counts towards the same lockout. A right
 * password kept under older hash parameters is hashed again with today's, the only moment it is known.
 */
export async function checkPassword(
  ctx: IdentityContext,
  poolId: string,
  username: string,
  password: string,
): Promise<User> {
  const key = usernameKey(username);
  await ctx.lockout.assertOpen(poolId, key, 'password');
  const user = await findUser(ctx.db, poolId, username);
  const valid = user?.passwordHash
    ? await ctx.passwords.verify(user.passwordHash, password)
    : await ctx.passwords.verifyNobody(password);
  if (valid && user?.passwordHash && ctx.passwords.isOutdated(user.passwordHash))
    await updateUser(ctx, user.id, { passwordHash: await ctx.passwords.hash(password) });
  return settle(ctx, poolId, key, valid ? user : undefined);
}

/**
 * Records the outcome of a password proof: a failure counts (for the user and the client's address) and is
 * refused alike, a success resets. From an address past its failure budget neither is told (FailedSignIns).
 */
export async function settle(
  ctx: IdentityContext,
  poolId: string,
  key: string,
  user: User | undefined,
): Promise<User> {
  await ctx.failedSignIns.assertOpen(ctx.clientAddress, poolId, key);
  if (!user) {
    await ctx.lockout.recordFailure(poolId, key, 'password');
    await ctx.failedSignIns.failed(ctx.clientAddress);
    throw notAuthorized(MESSAGE.badCredentials);
  }
  await ctx.lockout.reset(poolId, key, 'password');
  await ctx.failedSignIns.succeeded(ctx.clientAddress, poolId, key);
  return user;
}
