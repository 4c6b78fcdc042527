import type { Handler } from '../../core/handler';
import { accountScope } from '../../core/scope';
import { insertActivity } from '../queries/activity';

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
