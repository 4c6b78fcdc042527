import { and, asc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import type { IdentityContext } from '../context';
import { userGroups, users } from '../db/schema';
import { addToGroup, groupView, listGroups, removeFromGroup, requireGroup } from '../users/groups';
import { findPool } from '../users/pools';
import { requireUser } from '../users/repository';
import { userTypeView } from '../users/view';
import { Username, UserPoolId } from './fields';
import { adminOperation } from './operation';
import { afterToken, MAX_PAGE, pageSize, paginate } from './paging';

const GroupName = z
  .string()
  .regex(/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u)
  .min(1)
  .max(128);
const page = {
  Limit: z.number().int().min(0).max(MAX_PAGE).optional(),
  NextToken: z.string().min(1).max(512).optional(),
};

const membership = z.object({ UserPoolId, Username, GroupName });

async function member(ctx: IdentityContext, input: z.infer<typeof membership>) {
  const pool = await findPool(ctx.db, input.UserPoolId);
  const user = await requireUser(ctx.db, pool.id, input.Username);
  return { user, group: await requireGroup(ctx, pool.id, input.GroupName) };
}

export const AdminAddUserToGroup = adminOperation({
  input: membership,
  async run(ctx, input) {
    const { user, group } = await member(ctx, input);
    await addToGroup(ctx, user.id, group);
    return {};
  },
});

export const AdminRemoveUserFromGroup = adminOperation({
  input: membership,
  async run(ctx, input) {
    const { user, group } = await member(ctx, input);
    await removeFromGroup(ctx, user.id, group);
    return {};
  },
});

/** A page of groups, in name order. */
async function groupPage(
  ctx: IdentityContext,
  filter: { poolId: string; userId?: string },
  input: { Limit?: number; NextToken?: string },
) {
  const limit = pageSize(input.Limit);
  const rows = await listGroups(ctx, filter, limit + 1, afterToken(input.NextToken));
  const { page: shown, next } = paginate(rows, limit, (group) => group.name);
  return { Groups: shown.map(groupView), ...(next ? { NextToken: next } : {}) };
}

export const AdminListGroupsForUser = adminOperation({
  input: z.object({ UserPoolId, Username, ...page }),
  async run(ctx, input) {
    const pool = await findPool(ctx.db, input.UserPoolId);
    const user = await requireUser(ctx.db, pool.id, input.Username);
    return groupPage(ctx, { poolId: pool.id, userId: user.id }, input);
  },
});

export const ListGroups = adminOperation({
  input: z.object({ UserPoolId, ...page }),
  async run(ctx, input) {
    const pool = await findPool(ctx.db, input.UserPoolId);
    return groupPage(ctx, { poolId: pool.id }, input);
  },
});

/** The users of one group, in username order, as ListUsers answers them (Cognito's ListUsersInGroup). */
export const ListUsersInGroup = adminOperation({
  input: z.object({ UserPoolId, GroupName, ...page }),
  async run(ctx, input) {
    const pool = await findPool(ctx.db, input.UserPoolId);
    await requireGroup(ctx, pool.id, input.GroupName);
    const limit = pageSize(input.Limit);
    const conditions = [eq(userGroups.poolId, pool.id), eq(userGroups.groupName, input.GroupName)];
    const after = afterToken(input.NextToken);
    if (after) conditions.push(gt(users.usernameKey, after));
    const rows = await ctx.db
      .select({ user: users })
      .from(users)
      .innerJoin(userGroups, eq(userGroups.userId, users.id))
      .where(and(...conditions))
      .orderBy(asc(users.usernameKey))
      .limit(limit + 1)
      .then((found) => found.map((row) => row.user));
    const { page: shown, next } = paginate(rows, limit, (user) => user.usernameKey);
    return { Users: shown.map(userTypeView), ...(next ? { NextToken: next } : {}) };
  },
});
