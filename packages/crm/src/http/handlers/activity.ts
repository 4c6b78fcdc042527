import { insertActivity } from '../../db/queries/activity';
import { accountScope } from './scope';
import type { Handler } from './types';

/** Records one entry of the user activity log, for an account of the storefront. */
export const logUserActivity: Handler<'logUserActivity'> = async (ctx, payload) => {
  const { account } = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const { id, createdAt } = await insertActivity(ctx.db, {
    storefrontId: payload.storefrontId,
    accountId: account.id,
    username: payload.username,
    activity: payload.activity,
  });
  return { id, activity: payload.activity, createdAt: createdAt.toISOString() };
};
