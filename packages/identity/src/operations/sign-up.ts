import { z } from 'zod';
import { assertPasswordPolicy } from '../security/password-policy';
import { attributeListSchema, attributeWrites, requiredEmail } from '../users/attributes';
import { consumeCode, refuseCode } from '../users/codes';
import { pretendDelivery, sendCode } from '../users/delivery';
import { poolOfClient } from '../users/pools';
import { findUser, insertUser, mergeAttributes, passwordFields, updateUser } from '../users/repository';
import { ClientId, ClientMetadata, Code, Password, Username } from './fields';
import { publicOperation } from './operation';

export const SignUp = publicOperation({
  input: z.object({
    ClientId,
    Username,
    Password,
    UserAttributes: attributeListSchema.default([]),
    ValidationData: attributeListSchema.optional(),
    ClientMetadata,
  }),
  subject: (input) => ({ ClientId: input.ClientId, username: input.Username }),
  async run(ctx, input) {
    const { pool } = await poolOfClient(ctx.db, input.ClientId);
    assertPasswordPolicy(input.Password);
    const attributes = attributeWrites(input.UserAttributes, 'user');
    if (!attributes.email) throw requiredEmail();
    const identity = { poolId: pool.id, username: input.Username };
    const user = await insertUser(
      ctx.db,
      {
        ...identity,
        ...(await passwordFields(ctx.passwords, identity, input.Password)),
        status: 'UNCONFIRMED',
        attributes: { ...attributes, email_verified: 'false' },
      },
      ctx.now(),
    );
    const delivery = await sendCode(ctx, user, 'SIGN_UP', 'SIGN_UP');
    return { UserConfirmed: false, UserSub: user.id, CodeDeliveryDetails: delivery };
  },
});

export const ConfirmSignUp = publicOperation({
  input: z.object({
    ClientId,
    Username,
    ConfirmationCode: Code,
    ForceAliasCreation: z.boolean().optional(),
    ClientMetadata,
  }),
  subject: (input) => ({ ClientId: input.ClientId, username: input.Username }),
  async run(ctx, input) {
    const { pool } = await poolOfClient(ctx.db, input.ClientId);
    const user = await findUser(ctx.db, pool.id, input.Username);
    // An unknown or confirmed user gets what a wrong code gets (PreventUserExistenceErrors).
    if (user?.status !== 'UNCONFIRMED')
      return refuseCode(ctx, { poolId: pool.id, username: input.Username }, 'SIGN_UP');
    await consumeCode(ctx, user, 'SIGN_UP', input.ConfirmationCode);
    await mergeAttributes(ctx, user.id, { email_verified: 'true' });
    await updateUser(ctx, user.id, { status: 'CONFIRMED' });
    return {};
  },
});

export const ResendConfirmationCode = publicOperation({
  input: z.object({ ClientId, Username, ClientMetadata }),
  subject: (input) => ({ ClientId: input.ClientId, username: input.Username }),
  async run(ctx, input) {
    const { pool } = await poolOfClient(ctx.db, input.ClientId);
    const user = await findUser(ctx.db, pool.id, input.Username);
    // An unknown or confirmed user is told a code went out (PreventUserExistenceErrors).
    if (user?.status !== 'UNCONFIRMED') {
      const holder = { poolId: pool.id, username: input.Username };
      return { CodeDeliveryDetails: await pretendDelivery(ctx, holder, 'SIGN_UP') };
    }
    return { CodeDeliveryDetails: await sendCode(ctx, user, 'SIGN_UP', 'SIGN_UP') };
  },
});
