import { and, asc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import type { IdentityContext } from '../context';
import { users } from '../db/schema';
import { CognitoError, invalidParameter } from '../protocol/errors';
import { assertPasswordPolicy } from '../security/password-policy';
import { temporaryPassword } from '../security/temporary-password';
import { recordRevocation } from '../tokens/revocation';
import { attributeListSchema, attributeWrites, requiredEmail } from '../users/attributes';
import { sendCode } from '../users/delivery';
import { userFilter } from '../users/filter';
import { findPool } from '../users/pools';
import {
  findUser,
  insertUser,
  mergeAttributes,
  passwordFields,
  requireUser,
  type User,
  updateUser,
} from '../users/repository';
import { adminUserView, userTypeView } from '../users/view';
import { ClientMetadata, Password, Username, UserPoolId } from './fields';
import { adminOperation } from './operation';
import { afterToken, MAX_PAGE, pageSize, paginate } from './paging';
import { assertResettable } from './password';

/** AdminCreateUser's temporary passwords last 7 days, Cognito's default. */
const TEMPORARY_PASSWORD_MS = 7 * 24 * 3_600_000;

const userInPool = z.object({ UserPoolId, Username });

/** The pool (which must exist) and one of its users (likewise). */
async function poolUser(
  ctx: IdentityContext,
  input: { UserPoolId: string; Username: string },
): Promise<User> {
  const pool = await findPool(ctx.db, input.UserPoolId);
  return requireUser(ctx.db, pool.id, input.Username);
}

export const AdminGetUser = adminOperation({
  input: userInPool,
  async run(ctx, input) {
    return adminUserView(await poolUser(ctx, input));
  },
});

export const ListUsers = adminOperation({
  input: z.object({
    UserPoolId,
    AttributesToGet: z.array(z.string()).optional(),
    Limit: z.number().int().min(0).max(MAX_PAGE).optional(),
    PaginationToken: z.string().min(1).max(512).optional(),
    Filter: z.string().max(256).optional(),
  }),
  async run(ctx, input) {
    const pool = await findPool(ctx.db, input.UserPoolId);
    const limit = pageSize(input.Limit);
    const conditions = [eq(users.poolId, pool.id)];
    const filter = userFilter(input.Filter);
    if (filter) conditions.push(filter);
    const after = afterToken(input.PaginationToken);
    if (after) conditions.push(gt(users.usernameKey, after));
    const rows = await ctx.db
      .select()
      .from(users)
      .where(and(...conditions))
      .orderBy(asc(users.usernameKey))
      .limit(limit + 1);
    const { page, next } = paginate(rows, limit, (user) => user.usernameKey);
    const wanted = input.AttributesToGet && new Set(input.AttributesToGet);
    return {
      Users: page.map((user) => {
        const view = userTypeView(user);
        return wanted ? { ...view, Attributes: view.Attributes.filter((a) => wanted.has(a.Name)) } : view;
      }),
      ...(next ? { PaginationToken: next } : {}),
    };
  },
});

export const AdminCreateUser = adminOperation({
  input: z.object({
    UserPoolId,
    Username,
    UserAttributes: attributeListSchema.default([]),
    ValidationData: attributeListSchema.optional(),
    TemporaryPassword: Password.optional(),
    ForceAliasCreation: z.boolean().optional(),
    MessageAction: z.enum(['RESEND', 'SUPPRESS']).optional(),
    DesiredDeliveryMediums: z.array(z.enum(['SMS', 'EMAIL'])).optional(),
    ClientMetadata,
  }),
  async run(ctx, input) {
    const pool = await findPool(ctx.db, input.UserPoolId);
    const password = input.TemporaryPassword ?? temporaryPassword();
    assertPasswordPolicy(password);
    const temporary = {
      ...(await passwordFields(ctx.passwords, { poolId: pool.id, username: input.Username }, password)),
      status: 'FORCE_CHANGE_PASSWORD' as const,
      passwordExpiresAt: new Date(ctx.now().getTime() + TEMPORARY_PASSWORD_MS),
    };
    let user: User;
    if (input.MessageAction === 'RESEND') {
      // A new temporary password for someone invited before and not yet signed in.
      const invited = await requireUser(ctx.db, pool.id, input.Username);
      if (invited.status !== 'FORCE_CHANGE_PASSWORD')
        throw new CognitoError(
          'UnsupportedUserStateException',
          'User is not in FORCE_CHANGE_PASSWORD state.',
        );
      user = await updateUser(ctx, invited.id, temporary);
    } else {
      const attributes = attributeWrites(input.UserAttributes, 'admin');
      if (!attributes.email) throw requiredEmail();
      if (await findUser(ctx.db, pool.id, input.Username)) {
        throw new CognitoError('UsernameExistsException', 'User account already exists');
      }
      user = await insertUser(
        ctx.db,
        { poolId: pool.id, username: input.Username, attributes, ...temporary },
        ctx.now(),
      );
    }
    if (input.MessageAction !== 'SUPPRESS') {
      await ctx.mailer.send({
        poolId: pool.id,
        username: user.username,
        kind: 'INVITATION',
        medium: 'EMAIL',
        destination: user.attributes.email ?? '',
        code: password,
      });
    }
    return { User: userTypeView(user) };
  },
});

export const AdminUpdateUserAttributes = adminOperation({
  input: userInPool.extend({ UserAttributes: attributeListSchema, ClientMetadata }),
  async run(ctx, input) {
    const user = await poolUser(ctx, input);
    const writes = attributeWrites(input.UserAttributes, 'admin');
    // A changed address is unverified unless the administrator says otherwise in the same call.
    for (const name of ['email', 'phone_number'] as const) {
      const changed = writes[name] !== undefined && writes[name] !== user.attributes[name];
      if (changed && writes[`${name}_verified`] === undefined) writes[`${name}_verified`] = 'false';
    }
    if (writes.email === '') throw requiredEmail();
    await mergeAttributes(ctx, user.id, writes);
    // The account and contact a gateway acts for come from these attributes.
    await recordRevocation(ctx, user);
    return {};
  },
});

export const AdminEnableUser = adminOperation({
  input: userInPool,
  async run(ctx, input) {
    await updateUser(ctx, (await poolUser(ctx, input)).id, { enabled: true });
    return {};
  },
});

export const AdminDisableUser = adminOperation({
  input: userInPool,
  async run(ctx, input) {
    // Sign-in, refresh and every access token now answer 'User is disabled.'.
    const user = await updateUser(ctx, (await poolUser(ctx, input)).id, { enabled: false });
    await recordRevocation(ctx, user);
    return {};
  },
});

export const AdminResetUserPassword = adminOperation({
  input: userInPool.extend({ ClientMetadata }),
  async run(ctx, input) {
    const user = await poolUser(ctx, input);
    assertResettable(user);
    if (!user.attributes.email)
      throw invalidParameter(
        'Cannot reset password for the user as there is no registered/verified email or phone_number',
      );
    // The code before the state: past the user's code budget nothing changes and their password still works.
    await sendCode(ctx, user, 'FORGOT_PASSWORD', 'FORGOT_PASSWORD');
    await updateUser(ctx, user.id, { status: 'RESET_REQUIRED' });
    return {};
  },
});

export const AdminSetUserPassword = adminOperation({
  input: userInPool.extend({ Password, Permanent: z.boolean().optional() }),
  async run(ctx, input) {
    const user = await poolUser(ctx, input);
    assertPasswordPolicy(input.Password);
    const fields = await passwordFields(ctx.passwords, user, input.Password);
    await updateUser(
      ctx,
      user.id,
      input.Permanent
        ? { ...fields, status: 'CONFIRMED' }
        : {
            ...fields,
            status: 'FORCE_CHANGE_PASSWORD',
            passwordExpiresAt: new Date(ctx.now().getTime() + TEMPORARY_PASSWORD_MS),
          },
    );
    await ctx.lockout.reset(user.poolId, user.usernameKey, 'password');
    return {};
  },
});

export const AdminDeleteUser = adminOperation({
  input: userInPool,
  async run(ctx, input) {
    const user = await poolUser(ctx, input);
    await ctx.db.delete(users).where(eq(users.id, user.id));
    await recordRevocation(ctx, user);
    return {};
  },
});
