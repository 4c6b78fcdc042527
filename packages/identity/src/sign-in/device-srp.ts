import type { IdentityContext } from '../context';
import { CognitoError, invalidParameter, MESSAGE, notAuthorized } from '../protocol/errors';
import { safeEqual, tokenHash } from '../security/compare';
import { expectedSignature, isValidA, serverHalf } from '../srp/server';
import { rememberedDevice } from '../users/devices';
import { type Challenge, endChallenge } from './challenges';
import { settle } from './password';
import { type AuthResponse, type SignInState, signedIn } from './result';
import { challenge } from './steps';

/** The remembered device the DEVICE_SRP_AUTH challenge was opened for, named again by the client. */
async function challengedDevice(ctx: IdentityContext, state: SignInState, opened: Challenge) {
  if (!state.deviceKey || state.deviceKey !== opened.data.deviceKey)
    throw notAuthorized(MESSAGE.invalidSession);
  const device = await rememberedDevice(ctx, state.user.id, state.deviceKey);
  // Forgotten (or no longer remembered) since the password step.
  if (!device) throw new CognitoError('ResourceNotFoundException', 'Device does not exist.');
  return device;
}

/**
 * DEVICE_SRP_AUTH: the client's A for its device; the answer is the server's B and the device's salt, and a
 * DEVICE_PASSWORD_VERIFIER session whose token is also the SECRET_BLOCK the client signs.
 */
export async function startDeviceSrp(
  ctx: IdentityContext,
  state: SignInState,
  opened: Challenge,
  A: string,
): Promise<AuthResponse> {
  if (!isValidA(A)) throw invalidParameter('Invalid SRP_A.');
  await endChallenge(ctx, opened);
  const device = await challengedDevice(ctx, state, opened);
  const { b, B } = serverHalf(device.srpVerifier);
  const next = await challenge(
    ctx,
    state,
    'DEVICE_PASSWORD_VERIFIER',
    {},
    { A, b, B, deviceKey: device.key },
  );
  if (!('Session' in next) || !next.Session) throw new Error('challenge without a session');
  return {
    ...next,
    ChallengeParameters: {
      ...next.ChallengeParameters,
      SRP_B: B,
      SALT: device.srpSalt,
      SECRET_BLOCK: next.Session,
      USERNAME: state.user.username,
      DEVICE_KEY: device.key,
    },
  };
}

export interface DeviceClaim {
  secretBlock: string;
  signature: string;
  timestamp: string;
}

/**
 * DEVICE_PASSWORD_VERIFIER: the device proves it holds the secret it confirmed with (its group key and key
 * stand where SRP puts the pool name and username). It replaces MFA; a wrong proof counts as a wrong password.
 */
export async function verifyDeviceClaim(
  ctx: IdentityContext,
  state: SignInState,
  opened: Challenge,
  claim: DeviceClaim,
): Promise<AuthResponse> {
  await endChallenge(ctx, opened);
  if (tokenHash(claim.secretBlock) !== opened.tokenHash) throw notAuthorized(MESSAGE.invalidSession);
  const device = await challengedDevice(ctx, state, opened);
  await ctx.lockout.assertOpen(opened.poolId, opened.usernameKey, 'password');
  const { A = '', b = '', B = '' } = opened.data;
  const expected = expectedSignature({
    poolName: device.groupKey,
    userId: device.key,
    A,
    B,
    b,
    verifier: device.srpVerifier,
    secretBlock: claim.secretBlock,
    timestamp: claim.timestamp,
  });
  const valid = safeEqual(expected, Buffer.from(claim.signature, 'base64'));
  await settle(ctx, opened.poolId, opened.usernameKey, valid ? state.user : undefined);
  return signedIn(ctx, state);
}
