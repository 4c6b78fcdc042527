import { randomInt } from 'node:crypto';
import { MAILBOX_RULE, parseMailbox } from '@storefront/contracts/mail';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { IdentityContext } from '../context';
import { userPools } from '../db/schema';
import { epochSeconds } from '../users/devices';
import { MFA_CONFIGURATIONS } from '../users/model';
import { findPool, type Pool } from '../users/pools';
import { UserPoolId } from './fields';
import { adminOperation } from './operation';

// The pool settings this service keeps, as Cognito's CreateUserPool, UpdateUserPool and DescribeUserPool carry
// them (docs/decisions/0055-mail-senders.md); the other members of those requests are accepted and not kept.

const Sender = z
  .string()
  .max(320)
  .refine((text) => parseMailbox(text) !== undefined, MAILBOX_RULE);
const ReplyTo = z
  .string()
  .max(320)
  .refine((text) => {
    const mailbox = parseMailbox(text);
    return mailbox !== undefined && mailbox.name === undefined;
  }, 'must be an email address');

/**
 * Mail goes through this process's SMTP server, never SES, so a DEVELOPER account is one that names its From
 * (SourceArn and ConfigurationSet are accepted and not used). Without EmailSendingAccount, From decides.
 */
const EmailConfiguration = z
  .object({
    EmailSendingAccount: z.enum(['COGNITO_DEFAULT', 'DEVELOPER']).optional(),
    From: Sender.optional(),
    ReplyToEmailAddress: ReplyTo.optional(),
  })
  .superRefine((configuration, context) => {
    const account = configuration.EmailSendingAccount;
    if (account === 'DEVELOPER' && configuration.From === undefined)
      context.addIssue({
        code: 'custom',
        path: ['From'],
        message: 'is required with EmailSendingAccount DEVELOPER',
      });
    if (account === 'COGNITO_DEFAULT' && configuration.From !== undefined)
      context.addIssue({ code: 'custom', path: ['From'], message: 'needs EmailSendingAccount DEVELOPER' });
  });

/** Devices are remembered on the user's say-so (UpdateDeviceStatus) and skip MFA then; that is all this pool does. */
const DeviceConfiguration = z.object({
  ChallengeRequiredOnNewDevice: z.literal(false).optional(),
  DeviceOnlyRememberedOnUserPrompt: z.literal(true).optional(),
});

const settings = {
  MfaConfiguration: z.enum(MFA_CONFIGURATIONS).optional(),
  DeviceConfiguration: DeviceConfiguration.optional(),
  EmailConfiguration: EmailConfiguration.optional(),
};

/** What a request sets; as in Cognito, a member it leaves out is set to its default (MFA OFF, no devices, no sender). */
function poolSettings(input: {
  MfaConfiguration?: Pool['mfaConfiguration'] | undefined;
  DeviceConfiguration?: object | undefined;
  EmailConfiguration?: { From?: string | undefined; ReplyToEmailAddress?: string | undefined } | undefined;
}) {
  return {
    mfaConfiguration: input.MfaConfiguration ?? 'OFF',
    deviceTracking: input.DeviceConfiguration !== undefined,
    emailFrom: input.EmailConfiguration?.From ?? null,
    emailReplyTo: input.EmailConfiguration?.ReplyToEmailAddress ?? null,
  };
}

/** Cognito's UserPoolType, of the members this service keeps. */
function userPoolView(pool: Pool) {
  return {
    Id: pool.id,
    Name: pool.name,
    MfaConfiguration: pool.mfaConfiguration,
    ...(pool.deviceTracking
      ? {
          DeviceConfiguration: {
            ChallengeRequiredOnNewDevice: false,
            DeviceOnlyRememberedOnUserPrompt: true,
          },
        }
      : {}),
    EmailConfiguration: {
      EmailSendingAccount: pool.emailFrom ? 'DEVELOPER' : 'COGNITO_DEFAULT',
      ...(pool.emailFrom ? { From: pool.emailFrom } : {}),
      ...(pool.emailReplyTo ? { ReplyToEmailAddress: pool.emailReplyTo } : {}),
    },
    CreationDate: epochSeconds(pool.createdAt),
    LastModifiedDate: epochSeconds(pool.updatedAt),
  };
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `<region>_<9 letters and digits>`, as Cognito names a new pool. */
function newPoolId(ctx: IdentityContext): string {
  const suffix = Array.from({ length: 9 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join('');
  return `${ctx.region}_${suffix}`;
}

export const CreateUserPool = adminOperation({
  input: z.object({
    PoolName: z
      .string()
      .regex(/^[\w\s+=,.@-]+$/)
      .min(1)
      .max(128),
    ...settings,
  }),
  async run(ctx, input) {
    const [pool] = await ctx.db
      .insert(userPools)
      .values({
        id: newPoolId(ctx),
        name: input.PoolName,
        ...poolSettings(input),
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .returning();
    if (!pool) throw new Error('user pool not created');
    return { UserPool: userPoolView(pool) };
  },
});

export const UpdateUserPool = adminOperation({
  input: z.object({ UserPoolId, ...settings }),
  async run(ctx, input) {
    const pool = await findPool(ctx.db, input.UserPoolId);
    await ctx.db
      .update(userPools)
      .set({ ...poolSettings(input), updatedAt: ctx.now() })
      .where(eq(userPools.id, pool.id));
    return {};
  },
});

export const DescribeUserPool = adminOperation({
  input: z.object({ UserPoolId }),
  async run(ctx, input) {
    return { UserPool: userPoolView(await findPool(ctx.db, input.UserPoolId)) };
  },
});
