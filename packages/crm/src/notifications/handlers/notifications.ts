import type { ContactNotification, NotificationRecord } from '@storefront/contracts';
import { belongsToStorefront } from '../../core/access';
import { forbidden, invalidPayload, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { accountScope } from '../../core/scope';
import {
  countNotifications,
  findAccountNotificationCounts,
  findOwnedNotificationIds,
  listNotifications,
  markNotifications,
  type NotificationOwner,
} from '../queries/notifications';

/** Who a call reads or marks the notifications of: a signed-in contact, of an account of the call's storefront. */
function ownerOf(payload: {
  storefrontId: string;
  accId: string;
  cid?: string | undefined;
}): NotificationOwner {
  if (!payload.cid) throw invalidPayload('a signed-in contact is required.', 'cid');
  return { storefrontId: payload.storefrontId, accountId: payload.accId, contactId: payload.cid };
}

/** The contact whose notifications a call reads: of an account of the storefront (403 otherwise). */
async function notificationOwner(
  ctx: HandlerContext,
  payload: { storefrontId: string; accId: string; cid?: string | undefined },
): Promise<NotificationOwner> {
  const owner = ownerOf(payload);
  await accountScope(ctx, owner.storefrontId, owner.accountId);
  return owner;
}

/** The header's count on every page: the account's membership is checked in the same statement. */
export const getNotificationsCount: Handler<'getNotificationsCount'> = async (ctx, payload) => {
  const found = await findAccountNotificationCounts(ctx.db, ownerOf(payload));
  if (!found || !belongsToStorefront(found.account, payload.storefrontId)) throw forbidden();
  return { total: found.total, unseen: found.unseen, unread: found.unread };
};

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
