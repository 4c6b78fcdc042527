import { z } from 'zod';
import type { IdentityContext } from '../context';
import { CognitoError, invalidParameter, MESSAGE, notAuthorized } from '../protocol/errors';
import { type Challenge, createChallenge, endChallenge, findChallenge } from '../sign-in/challenges';
import { newTotpSecret, verifyTotp } from '../sign-in/totp';
import { authenticate } from '../tokens/access';
import type { MfaType } from '../users/model';
import { findUserById, type User, updateUser } from '../users/repository';
import { AccessToken, Session } from './fields';
import { publicOperation } from './operation';

/** The token-or-session pair of the software-token operations: signed in, or inside MFA_SETUP. */
const tokenOrSession = { AccessToken: AccessToken.optional(), Session: Session.optional() };

interface SetupCaller {
  user: User;
  /** Present inside the MFA_SETUP sign-in challenge; it is exchanged for a new one at each step. */
  challenge?: Challenge;
}

async function setupCaller(
  ctx: IdentityContext,
  input: { AccessToken?: string; Session?: string },
): Promise<SetupCaller> {
  if (input.AccessToken) return { user: (await authenticate(ctx, input.AccessToken)).user };
  if (!input.Session) throw invalidParameter('Missing required parameter AccessToken or Session');
  const challenge = await findChallenge(ctx, input.Session, undefined, ['MFA_SETUP']);
  const user = await findUserById(ctx.db, challenge.userId ?? '');
  if (!user) throw notAuthorized(MESSAGE.invalidSession);
  return { user, challenge };
}

/** Replaces a set-up session with a fresh one carrying the new state. */
async function nextSession(ctx: IdentityContext, caller: SetupCaller, data: Record<string, string>) {
  const { challenge } = caller;
  if (!challenge) return {};
  await endChallenge(ctx, challenge);
  const Session = await createChallenge(ctx, {
    poolId: challenge.poolId,
    clientId: challenge.clientId,
    userId: challenge.userId,
    usernameKey: challenge.usernameKey,
    challenge: 'MFA_SETUP',
    data: { ...challenge.data, ...data },
  });
  return { Session };
}

export const AssociateSoftwareToken = publicOperation({
  input: z.object(tokenOrSession),
  async run(ctx, input) {
    const caller = await setupCaller(ctx, input);
    const SecretCode = newTotpSecret();
    await updateUser(ctx, caller.user.id, { totpPendingSecret: SecretCode });
    return { SecretCode, ...(await nextSession(ctx, caller, {})) };
  },
});

export const VerifySoftwareToken = publicOperation({
  input: z.object({
    ...tokenOrSession,
    UserCode: z.string().min(6).max(6),
    FriendlyDeviceName: z.string().max(131).optional(),
  }),
  async run(ctx, input) {
    const caller = await setupCaller(ctx, input);
    const { user } = caller;
    if (!user.totpPendingSecret) {
      throw new CognitoError('EnableSoftwareTokenMFAException', 'Software token has not been associated.');
    }
    await ctx.lockout.assertOpen(user.poolId, user.usernameKey, 'mfa');
    const step = await verifyTotp(user.totpPendingSecret, input.UserCode, ctx.now(), null);
    if (step === null) {
      await ctx.lockout.recordFailure(user.poolId, user.usernameKey, 'mfa');
      throw new CognitoError(
        'EnableSoftwareTokenMFAException',
        'Code mismatch and fail enable Software Token MFA',
      );
    }
    await ctx.lockout.reset(user.poolId, user.usernameKey, 'mfa');
    await updateUser(ctx, user.id, {
      totpSecret: user.totpPendingSecret,
      totpPendingSecret: null,
      totpLastStep: step,
    });
    return { Status: 'SUCCESS', ...(await nextSession(ctx, caller, { totpVerified: 'true' })) };
  },
});

const factorSettings = z
  .object({ Enabled: z.boolean().optional(), PreferredMfa: z.boolean().optional() })
  .optional();

export const SetUserMFAPreference = publicOperation({
  input: z.object({ AccessToken, SMSMfaSettings: factorSettings, SoftwareTokenMfaSettings: factorSettings }),
  async run(ctx, input) {
    const { user } = await authenticate(ctx, input.AccessToken);
    await updateUser(ctx, user.id, mfaPreference(user, input.SMSMfaSettings, input.SoftwareTokenMfaSettings));
    return {};
  },
});

/** The legacy switch for SMS MFA: an MFAOptions entry for SMS turns it on, an empty list off. */
export const SetUserSettings = publicOperation({
  input: z.object({
    AccessToken,
    MFAOptions: z.array(
      z.object({ DeliveryMedium: z.enum(['SMS', 'EMAIL']).optional(), AttributeName: z.string().optional() }),
    ),
  }),
  async run(ctx, input) {
    const { user } = await authenticate(ctx, input.AccessToken);
    const sms = input.MFAOptions.some((option) => option.DeliveryMedium === 'SMS');
    await updateUser(ctx, user.id, mfaPreference(user, { Enabled: sms }, undefined));
    return {};
  },
});

type FactorSettings = z.infer<typeof factorSettings>;

function mfaPreference(user: User, sms: FactorSettings, totp: FactorSettings) {
  if (sms?.Enabled && !user.attributes.phone_number) {
    throw invalidParameter('User does not have delivery config set to turn on SMS_MFA');
  }
  if (totp?.Enabled && !user.totpSecret) throw invalidParameter('User has not verified software token mfa');
  const smsMfaEnabled = sms?.Enabled ?? user.smsMfaEnabled;
  const totpMfaEnabled = totp?.Enabled ?? user.totpMfaEnabled;
  let preferredMfa: MfaType | null = user.preferredMfa;
  if (sms?.PreferredMfa && smsMfaEnabled) preferredMfa = 'SMS_MFA';
  if (totp?.PreferredMfa && totpMfaEnabled) preferredMfa = 'SOFTWARE_TOKEN_MFA';
  if (
    (preferredMfa === 'SMS_MFA' && !smsMfaEnabled) ||
    (preferredMfa === 'SOFTWARE_TOKEN_MFA' && !totpMfaEnabled)
  ) {
    preferredMfa = null;
  }
  return { smsMfaEnabled, totpMfaEnabled, preferredMfa };
}
