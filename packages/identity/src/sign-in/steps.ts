import { randomInt } from 'node:crypto';
import type { IdentityContext } from '../context';
import { CognitoError, MESSAGE, notAuthorized } from '../protocol/errors';
import { maskDestination } from '../users/attributes';
import { rememberedDevice } from '../users/devices';
import { enabledFactors } from '../users/mfa';
import type { ChallengeName, MfaType } from '../users/model';
import { createChallenge } from './challenges';
import { nextCustomStep } from './custom';
import { type AuthResponse, type SignInState, signedIn } from './result';

/**
 * What follows a verified password, in Cognito's order: the account must be usable, a temporary password
 * must be replaced, then the remembered device proves itself instead of MFA (DEVICE_SRP_AUTH), or MFA,
 * then tokens. A custom flow's own challenges take the place of the device and MFA steps.
 */
export async function afterPassword(ctx: IdentityContext, state: SignInState): Promise<AuthResponse> {
  const { user } = state;
  if (!user.enabled) throw notAuthorized(MESSAGE.userDisabled);
  if (user.status === 'UNCONFIRMED')
    throw new CognitoError('UserNotConfirmedException', MESSAGE.userNotConfirmed);
  if (user.status === 'RESET_REQUIRED')
    throw new CognitoError('PasswordResetRequiredException', MESSAGE.resetRequired);
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    if (user.passwordExpiresAt && user.passwordExpiresAt <= ctx.now()) {
      throw notAuthorized('Temporary password has expired and must be reset by an administrator.');
    }
    return challenge(ctx, state, 'NEW_PASSWORD_REQUIRED', {
      requiredAttributes: '[]',
      userAttributes: JSON.stringify({ ...user.attributes }),
    });
  }
  if (state.custom) return nextCustomStep(ctx, state, state.custom);
  if (state.pool.deviceTracking && (await rememberedDevice(ctx, user.id, state.deviceKey))) {
    return challenge(ctx, state, 'DEVICE_SRP_AUTH', {}, { deviceKey: state.deviceKey ?? '' });
  }
  return mfaStep(ctx, state);
}

/** MFA as the pool asks for it: the preferred or only factor, a choice between two, set-up, or none. */
export async function mfaStep(ctx: IdentityContext, state: SignInState): Promise<AuthResponse> {
  if (state.pool.mfaConfiguration === 'OFF') return signedIn(ctx, state);
  const factors = enabledFactors(state.user);
  if (factors.length === 0) {
    if (state.pool.mfaConfiguration === 'ON') {
      return challenge(ctx, state, 'MFA_SETUP', { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' });
    }
    return signedIn(ctx, state);
  }
  const preferred = factors.find((factor) => factor === state.user.preferredMfa);
  const only = factors.length === 1 ? factors[0] : undefined;
  const factor = preferred ?? only;
  if (!factor) return challenge(ctx, state, 'SELECT_MFA_TYPE', { MFAS_CAN_CHOOSE: JSON.stringify(factors) });
  return factorChallenge(ctx, state, factor);
}

/** The challenge for one factor; a text-message code is generated and sent now. */
export async function factorChallenge(
  ctx: IdentityContext,
  state: SignInState,
  factor: MfaType,
): Promise<AuthResponse> {
  if (factor === 'SOFTWARE_TOKEN_MFA') return challenge(ctx, state, 'SOFTWARE_TOKEN_MFA', {});
  const phone = state.user.attributes.phone_number ?? '';
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.mailer.send({
    poolId: state.pool.id,
    username: state.user.username,
    kind: 'SMS_MFA',
    medium: 'SMS',
    destination: phone,
    code,
  });
  return challenge(
    ctx,
    state,
    'SMS_MFA',
    { CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS', CODE_DELIVERY_DESTINATION: maskDestination('SMS', phone) },
    { code },
  );
}

/**
 * A challenge for the client, with its Session; private data (an SMS code) stays on the server, and so do
 * the hosted sign-in's authorize request and the custom flow's session.
 */
export async function challenge(
  ctx: IdentityContext,
  state: SignInState,
  name: Exclude<ChallengeName, 'PASSWORD_VERIFIER'>,
  parameters: Record<string, string>,
  data: Record<string, string> = {},
): Promise<AuthResponse> {
  const Session = await createChallenge(ctx, {
    poolId: state.pool.id,
    clientId: state.clientId,
    userId: state.user.id,
    usernameKey: state.user.usernameKey,
    challenge: name,
    data: {
      ...data,
      ...(state.authorize ? { authorize: JSON.stringify(state.authorize) } : {}),
      ...(state.custom ? { custom: JSON.stringify(state.custom) } : {}),
    },
  });
  return {
    ChallengeName: name,
    Session,
    ChallengeParameters: { ...parameters, USER_ID_FOR_SRP: state.user.username },
  };
}
