import { type NotificationUpdate, notificationUrl } from '@storefront/contracts/crm-notifications';
import { crmCall, orElse } from '../../lib/crm.server';
import { formatRecordValue } from '../../lib/record-format';
import type { StorefrontSession } from '../../lib/storefront.server';

/** A notification as the list shows it (spec P§3: the record, the contact's row, derived url and isRead). */
export interface NotificationItem {
  id: string;
  title: string;
  message: string;
  /** When it was sent, in the viewer's locale. */
  sent: string;
  url: string | null;
  isRead: boolean;
  isSeen: boolean;
}

/** The account and contact are the gateway's to bind; the web names the storefront and account it shows. */
function scope(session: StorefrontSession) {
  return { storefrontId: session.storefront.storefrontId, accId: session.viewer.accountId };
}

/**
 * How many notifications the signed-in viewer has not seen yet, for the header's badge. A guest has none
 * and costs no call; a failure shows no badge rather than no page.
 */
export function unseenNotifications(session: StorefrontSession): Promise<number | null> {
  if (session.viewer.isGuest) return Promise.resolve(null);
  return orElse('The notification count for the header', null, async () => {
    return (await crmCall(session, 'getNotificationsCount', scope(session))).unseen;
  });
}

/** The viewer's notifications, newest first (spec P§9). */
export async function listNotifications(session: StorefrontSession): Promise<NotificationItem[]> {
  const answer = await crmCall(session, 'getNotifications', { ...scope(session), limit: 50 });
  const records = new Map(answer.notification.map((record) => [record.Id, record]));
  return answer.contactNotification.flatMap((row) => {
    const record = records.get(row.Notification);
    if (!record) return [];
    return {
      id: row.Id,
      title: record.Name,
      message: record.Message,
      sent: formatRecordValue(row.CreatedDate, 'DATETIME', { locale: session.locale, currency: 'USD' }),
      url: notificationUrl(row),
      isRead: row.Read_Date !== null,
      isSeen: row.Seen_Date !== null,
    };
  });
}

export async function markNotifications(
  session: StorefrontSession,
  action: NotificationUpdate,
  ids: string[],
): Promise<void> {
  await crmCall(session, 'updateNotifications', { ...scope(session), payload: { action, ids } });
}
