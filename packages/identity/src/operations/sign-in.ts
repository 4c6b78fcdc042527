import { z } from 'zod';
import type { IdentityContext } from '../context';
import { type AuthorizeGrant, authorizeGrantSchema } from '../hosted/grant';
import { CognitoError, invalidParameter, MESSAGE, notAuthorized } from '../protocol/errors';
import { safeEqual } from '../security/compare';
import { assertPasswordPolicy } from '../security/password-policy';
import { type Challenge, endChallenge, findChallenge } from '../sign-in/challenges';
import {
  answerCustomChallenge,
  nextCustomStep,
  startCustomAuth,
  storedCustomSignIn,
} from '../sign-in/custom';
import { startDeviceSrp, verifyDeviceClaim } from '../sign-in/device-srp';
import { checkPassword } from '../sign-in/password';
import { type AuthResponse, type SignInState, signedIn } from '../sign-in/result';
import { startSrp, verifySrpClaim } from '../sign-in/srp';
import { afterPassword, factorChallenge, mfaStep } from '../sign-in/steps';
import { verifyTotp } from '../sign-in/totp';
import { issueTokens } from '../tokens/issue';
import { sessionOfRefreshToken } from '../tokens/sessions';
import { attributeWrites } from '../users/attributes';
import { enabledFactors } from '../users/mfa';
import { MFA_TYPES } from '../users/model';
import { poolOfClient } from '../users/pools';
import { findUserById, mergeAttributes, passwordFields, updateUser, usernameKey } from '../users/repository';
import { ClientId, ClientMetadata, Session } from './fields';
import { publicOperation } from './operation';

const parameters = z.record(z.string(), z.string().max(20_000));

/** Reads a required entry of AuthParameters or ChallengeResponses, as Cognito words its absence. */
function required(values: Record<string, string>, name: string): string {
  const value = values[name];
  if (!value) throw invalidParameter(`Missing required parameter ${name}`);
  return value;
}

export const InitiateAuth = publicOperation({
  input: z.object({
    AuthFlow: z.string().min(1),
    AuthParameters: parameters.default({}),
    ClientId,
    ClientMetadata,
  }),
  subject: ({ ClientId, AuthParameters: { USERNAME } }) =>
    USERNAME ? { ClientId, username: USERNAME } : undefined,
  async run(ctx, input): Promise<object> {
    const { pool, client } = await poolOfClient(ctx.db, input.ClientId);
    const params = input.AuthParameters;
    switch (input.AuthFlow) {
      case 'USER_SRP_AUTH':
        return startSrp(ctx, pool.id, client.id, required(params, 'USERNAME'), required(params, 'SRP_A'));
      case 'CUSTOM_AUTH': {
        const username = required(params, 'USERNAME');
        const custom = startCustomAuth(client, params.SRP_A !== undefined);
        return startSrp(ctx, pool.id, client.id, username, required(params, 'SRP_A'), custom);
      }
      case 'USER_PASSWORD_AUTH': {
        const user = await checkPassword(
          ctx,
          pool.id,
          required(params, 'USERNAME'),
          required(params, 'PASSWORD'),
        );
        return afterPassword(ctx, { pool, clientId: client.id, user, deviceKey: params.DEVICE_KEY });
      }
      case 'REFRESH_TOKEN_AUTH':
      case 'REFRESH_TOKEN':
        return {
          ChallengeParameters: {},
          AuthenticationResult: await refresh(ctx, client.id, required(params, 'REFRESH_TOKEN')),
        };
      default:
        throw invalidParameter(`Initiate Auth method not supported: ${input.AuthFlow}`);
    }
  },
});

export const GetTokensFromRefreshToken = publicOperation({
  input: z.object({ RefreshToken: z.string().min(1).max(20_000), ClientId, ClientMetadata }),
  async run(ctx, input) {
    await poolOfClient(ctx.db, input.ClientId);
    return { AuthenticationResult: await refresh(ctx, input.ClientId, input.RefreshToken) };
  },
});

/** New access and id tokens for a live refresh token; the refresh token itself is not rotated. */
async function refresh(ctx: IdentityContext, clientId: string, refreshToken: string) {
  const session = await sessionOfRefreshToken(ctx, refreshToken, clientId);
  const user = await findUserById(ctx.db, session.userId);
  if (!user) throw notAuthorized(MESSAGE.refreshTokenInvalid);
  if (!user.enabled) throw notAuthorized(MESSAGE.userDisabled);
  if (user.status === 'RESET_REQUIRED')
    throw new CognitoError('PasswordResetRequiredException', MESSAGE.resetRequired);
  return issueTokens(ctx, user, session);
}

const respondInput = z.object({
  ClientId,
  ChallengeName: z.string().min(1),
  Session: Session.optional(),
  ChallengeResponses: parameters.default({}),
  ClientMetadata,
});

export const RespondToAuthChallenge = publicOperation({
  input: respondInput,
  subject: ({ ClientId, ChallengeResponses: { USERNAME } }) =>
    USERNAME ? { ClientId, username: USERNAME } : undefined,
  run: respondToChallenge,
});

/** RespondToAuthChallenge, for the operation and for the hosted sign-in page alike. */
export async function respondToChallenge(
  ctx: IdentityContext,
  input: z.infer<typeof respondInput>,
): Promise<AuthResponse> {
  const { pool, client } = await poolOfClient(ctx.db, input.ClientId);
  const responses = input.ChallengeResponses;
  if (input.ChallengeName === 'PASSWORD_VERIFIER') {
    const { user, custom } = await verifySrpClaim(ctx, client.id, {
      USERNAME: required(responses, 'USERNAME'),
      PASSWORD_CLAIM_SECRET_BLOCK: required(responses, 'PASSWORD_CLAIM_SECRET_BLOCK'),
      PASSWORD_CLAIM_SIGNATURE: required(responses, 'PASSWORD_CLAIM_SIGNATURE'),
      TIMESTAMP: required(responses, 'TIMESTAMP'),
    });
    return afterPassword(ctx, { pool, clientId: client.id, user, deviceKey: responses.DEVICE_KEY, custom });
  }
  const name = z.enum([
    'NEW_PASSWORD_REQUIRED',
    'SOFTWARE_TOKEN_MFA',
    'SMS_MFA',
    'SELECT_MFA_TYPE',
    'MFA_SETUP',
    'DEVICE_SRP_AUTH',
    'DEVICE_PASSWORD_VERIFIER',
    'CUSTOM_CHALLENGE',
  ]);
  const challengeName = name.safeParse(input.ChallengeName);
  if (!challengeName.success) throw invalidParameter(`Unsupported challenge: ${input.ChallengeName}`);
  if (!input.Session) throw invalidParameter('Missing required parameter Session');
  const challenge = await findChallenge(ctx, input.Session, client.id, [challengeName.data]);
  if (usernameKey(required(responses, 'USERNAME')) !== challenge.usernameKey) {
    throw notAuthorized(MESSAGE.invalidSession);
  }
  const user = await findUserById(ctx.db, challenge.userId ?? '');
  if (!user) throw notAuthorized(MESSAGE.invalidSession);
  const state: SignInState = {
    pool,
    clientId: client.id,
    user,
    deviceKey: responses.DEVICE_KEY,
    authorize: hostedGrant(challenge.data.authorize),
    custom: storedCustomSignIn(challenge.data.custom),
  };
  switch (challengeName.data) {
    case 'NEW_PASSWORD_REQUIRED': {
      const password = required(responses, 'NEW_PASSWORD');
      assertPasswordPolicy(password);
      const writes = attributeWrites(userAttributesOf(responses), 'user');
      await endChallenge(ctx, challenge);
      await mergeAttributes(ctx, user.id, writes);
      state.user = await updateUser(ctx, user.id, {
        ...(await passwordFields(ctx.passwords, user, password)),
        status: 'CONFIRMED',
      });
      return state.custom ? nextCustomStep(ctx, state, state.custom) : mfaStep(ctx, state);
    }
    case 'SELECT_MFA_TYPE': {
      const answer = z.enum(MFA_TYPES).safeParse(responses.ANSWER);
      if (!answer.success || !enabledFactors(user).includes(answer.data))
        throw invalidParameter('Invalid MFA type');
      await endChallenge(ctx, challenge);
      return factorChallenge(ctx, state, answer.data);
    }
    case 'SOFTWARE_TOKEN_MFA':
      return answerMfa(
        ctx,
        state,
        challenge,
        required(responses, 'SOFTWARE_TOKEN_MFA_CODE'),
        async (code) => {
          const step = await verifyTotp(user.totpSecret ?? '', code, ctx.now(), user.totpLastStep);
          if (step !== null) await updateUser(ctx, user.id, { totpLastStep: step });
          return step !== null;
        },
      );
    case 'SMS_MFA':
      return answerMfa(ctx, state, challenge, required(responses, 'SMS_MFA_CODE'), async (code) =>
        safeEqual(challenge.data.code ?? '', code),
      );
    case 'DEVICE_SRP_AUTH':
      return startDeviceSrp(ctx, state, challenge, required(responses, 'SRP_A'));
    case 'DEVICE_PASSWORD_VERIFIER':
      return verifyDeviceClaim(ctx, state, challenge, {
        secretBlock: required(responses, 'PASSWORD_CLAIM_SECRET_BLOCK'),
        signature: required(responses, 'PASSWORD_CLAIM_SIGNATURE'),
        timestamp: required(responses, 'TIMESTAMP'),
      });
    case 'CUSTOM_CHALLENGE':
      return answerCustomChallenge(ctx, state, challenge, required(responses, 'ANSWER'));
    case 'MFA_SETUP': {
      // VerifySoftwareToken with this session marked the new TOTP secret verified.
      if (challenge.data.totpVerified !== 'true')
        throw invalidParameter('Software token MFA has not been verified.');
      await endChallenge(ctx, challenge);
      state.user = await updateUser(ctx, user.id, {
        totpMfaEnabled: true,
        preferredMfa: 'SOFTWARE_TOKEN_MFA',
      });
      return signedIn(ctx, state);
    }
  }
}

/** The authorize request a hosted sign-in's challenge carries, if it is one. */
function hostedGrant(stored: string | undefined): AuthorizeGrant | undefined {
  return stored === undefined ? undefined : authorizeGrantSchema.parse(JSON.parse(stored));
}

/** Every NEW_PASSWORD_REQUIRED response entry `userAttributes.<name>`, as attribute writes. */
function userAttributesOf(responses: Record<string, string>) {
  const prefix = 'userAttributes.';
  return Object.entries(responses)
    .filter(([name]) => name.startsWith(prefix))
    .map(([name, value]) => ({ Name: name.slice(prefix.length), Value: value }));
}

/** An MFA code, behind its own lockout; a wrong code leaves the session usable for another try. */
async function answerMfa(
  ctx: IdentityContext,
  state: SignInState,
  challenge: Challenge,
  code: string,
  check: (code: string) => Promise<boolean>,
): Promise<AuthResponse> {
  await ctx.lockout.assertOpen(state.pool.id, state.user.usernameKey, 'mfa');
  if (!(await check(code))) {
    await ctx.lockout.recordFailure(state.pool.id, state.user.usernameKey, 'mfa');
    throw new CognitoError('CodeMismatchException', MESSAGE.mfaCodeMismatch);
  }
  await endChallenge(ctx, challenge);
  await ctx.lockout.reset(state.pool.id, state.user.usernameKey, 'mfa');
  return signedIn(ctx, state);
}
