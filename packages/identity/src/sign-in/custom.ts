import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { IdentityContext } from '../context';
import { CognitoError, invalidParameter, MESSAGE, notAuthorized } from '../protocol/errors';
import { safeEqual } from '../security/compare';
import { maskDestination } from '../users/attributes';
import { countCodeSent } from '../users/codes';
import { CUSTOM_CHALLENGES, type CustomChallenge } from '../users/model';
import type { Client } from '../users/pools';
import { type Challenge, endChallenge } from './challenges';
import { type AuthResponse, type SignInState, signedIn } from './result';
import { challenge } from './steps';

/*
 * Cognito's custom authentication flow (CUSTOM_AUTH). Where Cognito calls three Lambda triggers, an app
 * client here names one built-in flow (its customChallenge) whose three functions play their parts:
 * define decides the next step from the session so far, create makes a CUSTOM_CHALLENGE, verify checks the
 * ANSWER.
 */

const challengeResult = z.object({
  challengeName: z.enum(['SRP_A', 'PASSWORD_VERIFIER', 'CUSTOM_CHALLENGE']),
  challengeResult: z.boolean(),
  /** Set by create; kept on the server, as Cognito keeps it. */
  challengeMetadata: z.string().optional(),
});
/** One step of a custom sign-in, as Cognito hands the session to its define trigger. */
export type ChallengeResult = z.infer<typeof challengeResult>;

const customSignIn = z.object({ flow: z.enum(CUSTOM_CHALLENGES), session: z.array(challengeResult) });
/** A sign-in in a custom flow: the client's flow and the session so far. */
export type CustomSignIn = z.infer<typeof customSignIn>;

type Decision =
  | { issueTokens: true }
  | { failAuthentication: true }
  | { challengeName: 'PASSWORD_VERIFIER' | 'CUSTOM_CHALLENGE' };

interface CreatedChallenge {
  publicChallengeParameters: Record<string, string>;
  privateChallengeParameters: Record<string, string>;
  challengeMetadata?: string;
}

/** Cognito's define-, create- and verify-auth-challenge triggers of one flow. */
interface CustomFlow {
  defineAuthChallenge(session: readonly ChallengeResult[]): Decision;
  createAuthChallenge(
    ctx: IdentityContext,
    state: SignInState,
    session: readonly ChallengeResult[],
  ): Promise<CreatedChallenge>;
  verifyAuthChallengeResponse(privateParameters: Record<string, string>, answer: string): boolean;
}

/** Wrong codes one sign-in may send before it fails; a new sign-in costs a new mail (5 an hour). */
export const EMAIL_CODE_ATTEMPTS = 3;
const CODE_METADATA = /^CODE-(\d{6})$/;

const failedCodes = (session: readonly ChallengeResult[]) =>
  session.filter((step) => step.challengeName === 'CUSTOM_CHALLENGE' && !step.challengeResult).length;

/** The password (SRP), then a 6-digit code mailed to the user's email; EMAIL_CODE_ATTEMPTS tries. */
const emailCode: CustomFlow = {
  defineAuthChallenge(session) {
    const last = session.at(-1);
    if (last?.challengeName === 'CUSTOM_CHALLENGE') {
      if (last.challengeResult) return { issueTokens: true };
      return failedCodes(session) < EMAIL_CODE_ATTEMPTS
        ? { challengeName: 'CUSTOM_CHALLENGE' }
        : { failAuthentication: true };
    }
    if (!last?.challengeResult) return { failAuthentication: true };
    return { challengeName: last.challengeName === 'SRP_A' ? 'PASSWORD_VERIFIER' : 'CUSTOM_CHALLENGE' };
  },
  async createAuthChallenge(ctx, state, session) {
    const attemptsLeft = String(EMAIL_CODE_ATTEMPTS - failedCodes(session));
    const email = state.user.attributes.email;
    if (!email) throw new CognitoError('CodeDeliveryFailureException', 'The user has no email address.');
    const parameters = {
      CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
      CODE_DELIVERY_DESTINATION: maskDestination('EMAIL', email),
      ATTEMPTS_LEFT: attemptsLeft,
    };
    // Another try at the same sign-in keeps the code already mailed (Cognito's metadata pattern).
    const earlier = session.flatMap((step) => CODE_METADATA.exec(step.challengeMetadata ?? '')?.[1] ?? []);
    let code = earlier.at(-1);
    if (!code) {
      await countCodeSent(ctx, state.user, 'SIGN_IN');
      code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await ctx.mailer.send({
        poolId: state.pool.id,
        username: state.user.username,
        kind: 'SIGN_IN_CODE',
        medium: 'EMAIL',
        destination: email,
        code,
      });
    }
    return {
      publicChallengeParameters: parameters,
      privateChallengeParameters: { code },
      challengeMetadata: `CODE-${code}`,
    };
  },
  verifyAuthChallengeResponse(privateParameters, answer) {
    return safeEqual(privateParameters.code ?? '', answer.trim());
  },
};

const FLOWS: Record<CustomChallenge, CustomFlow> = { EMAIL_CODE: emailCode };

/**
 * InitiateAuth with CUSTOM_AUTH: the client's flow decides on the session so far (SRP_A when the client
 * sent one). The built-in flows begin with the password, so the answer is SRP's PASSWORD_VERIFIER.
 */
export function startCustomAuth(client: Client, hasSrpA: boolean): CustomSignIn {
  if (!client.customChallenge)
    throw invalidParameter('Custom auth lambda trigger is not configured for the user pool.');
  const custom: CustomSignIn = {
    flow: client.customChallenge,
    session: hasSrpA ? [{ challengeName: 'SRP_A', challengeResult: true }] : [],
  };
  const decision = FLOWS[custom.flow].defineAuthChallenge(custom.session);
  if (!('challengeName' in decision) || decision.challengeName !== 'PASSWORD_VERIFIER')
    throw notAuthorized(MESSAGE.badCredentials);
  return custom;
}

/** After the password: the session records it, and define decides what follows. */
export function passwordVerified(custom: CustomSignIn): CustomSignIn {
  return {
    ...custom,
    session: [...custom.session, { challengeName: 'PASSWORD_VERIFIER', challengeResult: true }],
  };
}

/** Define's next decision for a custom sign-in: tokens, a refusal, or a new CUSTOM_CHALLENGE. */
export async function nextCustomStep(
  ctx: IdentityContext,
  state: SignInState,
  custom: CustomSignIn,
): Promise<AuthResponse> {
  const flow = FLOWS[custom.flow];
  const decision = flow.defineAuthChallenge(custom.session);
  if ('issueTokens' in decision) return signedIn(ctx, state);
  if ('failAuthentication' in decision || decision.challengeName !== 'CUSTOM_CHALLENGE')
    throw notAuthorized(MESSAGE.badCredentials);
  const created = await flow.createAuthChallenge(ctx, state, custom.session);
  return challenge(
    ctx,
    { ...state, custom },
    'CUSTOM_CHALLENGE',
    { ...created.publicChallengeParameters, USERNAME: state.user.username },
    {
      private: JSON.stringify(created.privateChallengeParameters),
      ...(created.challengeMetadata ? { metadata: created.challengeMetadata } : {}),
    },
  );
}

/** RespondToAuthChallenge with CUSTOM_CHALLENGE: verify's result joins the session, then define decides. */
export async function answerCustomChallenge(
  ctx: IdentityContext,
  state: SignInState,
  opened: Challenge,
  answer: string,
): Promise<AuthResponse> {
  const custom = storedCustomSignIn(opened.data.custom);
  if (!custom) throw notAuthorized(MESSAGE.invalidSession);
  await endChallenge(ctx, opened);
  const privateParameters = z.record(z.string(), z.string()).parse(JSON.parse(opened.data.private ?? '{}'));
  const step: ChallengeResult = {
    challengeName: 'CUSTOM_CHALLENGE',
    challengeResult: FLOWS[custom.flow].verifyAuthChallengeResponse(privateParameters, answer),
    ...(opened.data.metadata ? { challengeMetadata: opened.data.metadata } : {}),
  };
  return nextCustomStep(ctx, state, { ...custom, session: [...custom.session, step] });
}

/** The custom sign-in a stored challenge carries, if it is one. */
export function storedCustomSignIn(stored: string | undefined): CustomSignIn | undefined {
  return stored === undefined ? undefined : customSignIn.parse(JSON.parse(stored));
}
