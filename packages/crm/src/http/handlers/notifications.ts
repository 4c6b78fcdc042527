import type { ContactNotification, NotificationRecord } from '@storefront/contracts';
import {
  countNotifications,
  findOwnedNotificationIds,
  listNotifications,
  markNotifications,
  type NotificationOwner,
} from '../../db/queries/notifications';
import { invalidPayload, notFound } from '../errors';
import { accountScope } from './scope';
import type { Handler, HandlerContext } from './types';

/** The contact whose notifications a call reads: of an account of the storefront (403 otherwise). */
async function notificationOwner(
  ctx: HandlerContext,
  payload: { storefrontId: string; accId: string; cid?: string | undefined },
): Promise<NotificationOwner> {
  if (!payload.cid) throw invalidPayload('a signed-in contact is required.', 'cid');
  const { account } = await accountScope(ctx, payload.storefrontId, payload.accId);
  return { storefrontId: payload.storefrontId, accountId: account.id, contactId: payload.cid };
}

export const getNotificationsCount: Handler<'getNotificationsCount'> = async (ctx, payload) =>
  countNotifications(ctx.db, await notificationOwner(ctx, payload));

export const getNotifications: Handler<'getNotifications'> = async (ctx, payload) => {
  const rows = await listNotifications(ctx.db, await notificationOwner(ctx, payload), payload.limit);
  const notification = new Map<string, NotificationRecord>();
  const contactNotification = rows.map(
    ({ row, notification: record, targetPageType }): ContactNotification => {
      notification.set(record.id, {
        Id: record.id,
        Name: record.name,
        Message: record.message,
        CreatedDate: record.createdAt.toISOString(),
      });
      return {
        Id: row.id,
        Notification: record.id,
        Read_Date: row.readAt?.toISOString() ?? null,
        Seen_Date: row.seenAt?.toISOString() ?? null,
        CreatedDate: row.createdAt.toISOString(),
        Target_Template_Page: row.targetTemplatePage,
        Target_Page_Type: targetPageType,
        Record_Number: row.recordNumber,
      };
    },
  );
  return { notification: [...notification.values()], contactNotification };
};

/**
 * Marks the caller's rows; an id that is not one of theirs (another contact's, or none) refuses the whole
 * request, so nothing is marked for anyone else and nothing is half done.
 */
export const updateNotifications: Handler<'updateNotifications'> = async (ctx, payload) => {
  const owner = await notificationOwner(ctx, payload);
  const { action, ids } = payload.payload;
  await ctx.db.transaction(async (db) => {
    const own = await findOwnedNotificationIds(db, owner, ids);
    const missing = ids.findIndex((id) => !own.has(id));
    if (missing >= 0) throw notFound('you have no notification with this id.', `payload.ids.${missing}`);
    await markNotifications(db, ids, action, new Date());
  });
  return countNotifications(ctx.db, owner);
};
