import { z } from 'zod';
import type { IdentityContext } from '../context';
import { addToGroup, groupView, listGroups, removeFromGroup, requireGroup } from '../users/groups';
import { findPool } from '../users/pools';
import { requireUser } from '../users/repository';
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
