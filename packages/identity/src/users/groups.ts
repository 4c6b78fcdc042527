import { and, asc, eq, gt } from 'drizzle-orm';
import type { IdentityContext } from '../context';
import { groups, userGroups } from '../db/schema';
import { CognitoError } from '../protocol/errors';
import { epochSeconds } from './devices';

export type Group = typeof groups.$inferSelect;

export async function requireGroup(ctx: IdentityContext, poolId: string, name: string): Promise<Group> {
  const [group] = await ctx.db
    .select()
    .from(groups)
    .where(and(eq(groups.poolId, poolId), eq(groups.name, name)));
  if (!group) throw new CognitoError('ResourceNotFoundException', 'Group not found.');
  return group;
}

export async function addToGroup(ctx: IdentityContext, userId: string, group: Group): Promise<void> {
  await ctx.db
    .insert(userGroups)
    .values({ userId, poolId: group.poolId, groupName: group.name })
    .onConflictDoNothing();
}

export async function removeFromGroup(ctx: IdentityContext, userId: string, group: Group): Promise<void> {
  await ctx.db
    .delete(userGroups)
    .where(and(eq(userGroups.userId, userId), eq(userGroups.groupName, group.name)));
}

/** A page of a pool's groups, or of one user's, in name order after the token. */
export function listGroups(
  ctx: IdentityContext,
  filter: { poolId: string; userId?: string },
  limit: number,
  after?: string,
): Promise<Group[]> {
  const conditions = [eq(groups.poolId, filter.poolId)];
  if (after) conditions.push(gt(groups.name, after));
  const query = ctx.db.select({ group: groups }).from(groups);
  const scoped = filter.userId
    ? query.innerJoin(
        userGroups,
        and(
          eq(userGroups.poolId, groups.poolId),
          eq(userGroups.groupName, groups.name),
          eq(userGroups.userId, filter.userId),
        ),
      )
    : query;
  return scoped
    .where(and(...conditions))
    .orderBy(asc(groups.name))
    .limit(limit)
    .then((rows) => rows.map((row) => row.group));
}

/** GroupType as Cognito answers it. */
export function groupView(group: Group) {
  return {
    GroupName: group.name,
    UserPoolId: group.poolId,
    ...(group.description ? { Description: group.description } : {}),
    ...(group.precedence === null ? {} : { Precedence: group.precedence }),
    CreationDate: epochSeconds(group.createdAt),
    LastModifiedDate: epochSeconds(group.updatedAt),
  };
}
