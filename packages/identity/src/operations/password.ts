import { z } from 'zod';
import { MESSAGE, notAuthorized } from '../protocol/errors';
import { assertPasswordPolicy } from '../security/password-policy';
import { settle } from '../sign-in/password';
import { authenticate } from '../tokens/access';
import { consumeCode, refuseCode } from '../users/codes';
import { pretendDelivery, sendCode } from '../users/delivery';
import { poolOfClient } from '../users/pools';
import { findUser, mergeAttributes, passwordFields, type User, updateUser } from '../users/repository';
import { AccessToken, ClientId, ClientMetadata, Code, Password, Username } from './fields';
import { publicOperation } from './operation';

export const ChangePassword = publicOperation({
  input: z.object({ AccessToken, PreviousPassword: Password.optional(), ProposedPassword: Password }),
  async run(ctx, input) {
    const { user } = await authenticate(ctx, input.AccessToken);
    await ctx.lockout.assertOpen(user.poolId, user.usernameKey, 'password');
    const valid =
      user.passwordHash && (await ctx.passwords.verify(user.passwordHash, input.PreviousPassword ?? ''));
    await settle(ctx, user.poolId, user.usernameKey, valid ? user : undefined);
    assertPasswordPolicy(input.ProposedPassword);
    await updateUser(ctx, user.id, await passwordFields(ctx.passwords, user, input.ProposedPassword));
    return {};
  },
});

/**
 * An invited user who never signed in has no password of their own to reset: Cognito refuses, and the
 * administrator sends a new invitation instead.
 */
export function assertResettable(user: User | undefined): void {
  if (user?.status === 'FORCE_CHANGE_PASSWORD') throw notAuthorized(MESSAGE.cannotReset);
}

export const ForgotPassword = publicOperation({
  input: z.object({ ClientId, Username, ClientMetadata }),
  subject: (input) => ({ ClientId: input.ClientId, username: input.Username }),
  async run(ctx, input) {
    const { pool } = await poolOfClient(ctx.db, input.ClientId);
    const user = await findUser(ctx.db, pool.id, input.Username);
    assertResettable(user);
    // An administrator's reset vouches for the address; otherwise it must have been verified.
    const reachable =
      user?.attributes.email &&
      (user.attributes.email_verified === 'true' || user.status === 'RESET_REQUIRED') &&
      user.status !== 'EXTERNAL_PROVIDER';
    // Whoever cannot get a code is answered like a user who does not exist (PreventUserExistenceErrors).
    if (!user || !reachable)
      return {
        CodeDeliveryDetails: await pretendDelivery(
          ctx,
          { poolId: pool.id, username: input.Username },
          'FORGOT_PASSWORD',
        ),
      };
    return { CodeDeliveryDetails: await sendCode(ctx, user, 'FORGOT_PASSWORD', 'FORGOT_PASSWORD') };
  },
});

export const ConfirmForgotPassword = publicOperation({
  input: z.object({ ClientId, Username, ConfirmationCode: Code, Password, ClientMetadata }),
  subject: (input) => ({ ClientId: input.ClientId, username: input.Username }),
  async run(ctx, input) {
    const { pool } = await poolOfClient(ctx.db, input.ClientId);
    assertPasswordPolicy(input.Password);
    const user = await findUser(ctx.db, pool.id, input.Username);
    if (!user) return refuseCode(ctx, { poolId: pool.id, username: input.Username }, 'FORGOT_PASSWORD');
    await consumeCode(ctx, user, 'FORGOT_PASSWORD', input.ConfirmationCode);
    // The code reached the mailbox, which proves the address; a reset or temporary password is replaced.
    await mergeAttributes(ctx, user.id, { email_verified: 'true' });
    const confirmed = user.status === 'RESET_REQUIRED' || user.status === 'FORCE_CHANGE_PASSWORD';
    await updateUser(ctx, user.id, {
      ...(await passwordFields(ctx.passwords, user, input.Password)),
      ...(confirmed ? { status: 'CONFIRMED' as const } : {}),
    });
    await ctx.lockout.reset(pool.id, user.usernameKey, 'password');
    return {};
  },
});
