import { z } from 'zod';
import { CognitoError, invalidParameter, MESSAGE } from '../protocol/errors';
import { assertPasswordPolicy } from '../security/password-policy';
import { settle } from '../sign-in/password';
import { authenticate } from '../tokens/access';
import { consumeCode } from '../users/codes';
import { pretendDelivery, sendCode } from '../users/delivery';
import { poolOfClient } from '../users/pools';
import { findUser, mergeAttributes, passwordFields, updateUser } from '../users/repository';
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

export const ForgotPassword = publicOperation({
  input: z.object({ ClientId, Username, ClientMetadata }),
  subject: (input) => `${input.ClientId}/${input.Username}`,
  async run(ctx, input) {
    const { pool } = await poolOfClient(ctx.db, input.ClientId);
    const user = await findUser(ctx.db, pool.id, input.Username);
    if (!user) return { CodeDeliveryDetails: pretendDelivery(input.Username) };
    // An administrator's reset vouches for the address; otherwise it must have been verified.
    const reachable =
      user.attributes.email &&
      (user.attributes.email_verified === 'true' || user.status === 'RESET_REQUIRED');
    if (!reachable || user.status === 'EXTERNAL_PROVIDER') {
      throw invalidParameter(
        'Cannot reset password for the user as there is no registered/verified email or phone_number',
      );
    }
    return { CodeDeliveryDetails: await sendCode(ctx, user, 'FORGOT_PASSWORD', 'FORGOT_PASSWORD') };
  },
});

export const ConfirmForgotPassword = publicOperation({
  input: z.object({ ClientId, Username, ConfirmationCode: Code, Password, ClientMetadata }),
  subject: (input) => `${input.ClientId}/${input.Username}`,
  async run(ctx, input) {
    const { pool } = await poolOfClient(ctx.db, input.ClientId);
    assertPasswordPolicy(input.Password);
    const user = await findUser(ctx.db, pool.id, input.Username);
    if (!user) throw new CognitoError('CodeMismatchException', MESSAGE.codeMismatch);
    await consumeCode(ctx, user.id, 'FORGOT_PASSWORD', input.ConfirmationCode);
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
