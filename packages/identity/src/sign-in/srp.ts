import { createHmac, randomBytes } from 'node:crypto';
import type { IdentityContext } from '../context';
import { invalidParameter, MESSAGE, notAuthorized } from '../protocol/errors';
import { safeEqual } from '../security/compare';
import { hexToBigInt, padHex, poolName, randomBigInt } from '../srp/math';
import { expectedSignature, isValidA, serverHalf } from '../srp/server';
import { findUser, findUserById, type User, usernameKey } from '../users/repository';
import { createChallenge, endChallenge, findChallenge } from './challenges';
import { type CustomSignIn, passwordVerified, storedCustomSignIn } from './custom';
import { settle } from './password';

/** Keys the made-up salts of unknown users: stable for a username while the process lives. */
const FAKE_SALT_KEY = randomBytes(32);

/**
 * USER_SRP_AUTH's first step (and a custom flow's, which the exchange carries on): the server's B and the
 * user's salt, and a SECRET_BLOCK naming the stored exchange. An unknown user gets a challenge that looks
 * the same and can only fail.
 */
export async function startSrp(
  ctx: IdentityContext,
  poolId: string,
  clientId: string,
  username: string,
  A: string,
  custom?: CustomSignIn,
): Promise<{ ChallengeName: 'PASSWORD_VERIFIER'; ChallengeParameters: Record<string, string> }> {
  if (!isValidA(A)) throw invalidParameter('Invalid SRP_A.');
  const key = usernameKey(username);
  await ctx.lockout.assertOpen(poolId, key, 'password');
  const user = await findUser(ctx.db, poolId, username);
  const known =
    user?.srpSalt && user.srpVerifier ? { salt: user.srpSalt, verifier: user.srpVerifier } : undefined;
  const { salt, verifier } = known ?? {
    salt: padHex(
      hexToBigInt(createHmac('sha256', FAKE_SALT_KEY).update(`${poolId}/${key}`).digest('hex').slice(0, 32)),
    ),
    verifier: padHex(randomBigInt(384)),
  };
  const { b, B } = serverHalf(verifier);
  // The key, not the stored spelling: echoing that would tell who exists (verifiers are made with the key).
  const userIdForSrp = key;
  const secretBlock = await createChallenge(ctx, {
    poolId,
    clientId,
    userId: known && user ? user.id : null,
    usernameKey: key,
    challenge: 'PASSWORD_VERIFIER',
    data: { A, b, B, verifier, userIdForSrp, ...(custom ? { custom: JSON.stringify(custom) } : {}) },
  });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: salt,
      SECRET_BLOCK: secretBlock,
      SRP_B: B,
      USERNAME: userIdForSrp,
      USER_ID_FOR_SRP: userIdForSrp,
    },
  };
}

export interface PasswordClaim {
  USERNAME: string;
  PASSWORD_CLAIM_SECRET_BLOCK: string;
  PASSWORD_CLAIM_SIGNATURE: string;
  TIMESTAMP: string;
}

/**
 * PASSWORD_VERIFIER: one attempt per secret block; a wrong signature is a wrong password. The user, and the
 * custom sign-in the exchange belongs to, with the password now in its session.
 */
export async function verifySrpClaim(
  ctx: IdentityContext,
  clientId: string,
  claim: PasswordClaim,
): Promise<{ user: User; custom?: CustomSignIn }> {
  const challenge = await findChallenge(ctx, claim.PASSWORD_CLAIM_SECRET_BLOCK, clientId, [
    'PASSWORD_VERIFIER',
  ]);
  await endChallenge(ctx, challenge);
  const { A = '', b = '', B = '', verifier = '', userIdForSrp = '' } = challenge.data;
  if (usernameKey(claim.USERNAME) !== challenge.usernameKey) throw notAuthorized(MESSAGE.invalidSession);
  await ctx.lockout.assertOpen(challenge.poolId, challenge.usernameKey, 'password');
  const expected = expectedSignature({
    poolName: poolName(challenge.poolId),
    userId: userIdForSrp,
    A,
    B,
    b,
    verifier,
    secretBlock: claim.PASSWORD_CLAIM_SECRET_BLOCK,
    timestamp: claim.TIMESTAMP,
  });
  const valid =
    safeEqual(expected, Buffer.from(claim.PASSWORD_CLAIM_SIGNATURE, 'base64')) && challenge.userId;
  const user = valid ? await findUserById(ctx.db, challenge.userId ?? '') : undefined;
  const custom = storedCustomSignIn(challenge.data.custom);
  return {
    user: await settle(ctx, challenge.poolId, challenge.usernameKey, user),
    ...(custom ? { custom: passwordVerified(custom) } : {}),
  };
}
