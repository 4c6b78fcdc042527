import { z } from 'zod';
import { crmType } from './crm-base';
import { id } from './crm-fields';

/**
 * The notification types of spec P§7 (getNotificationsCount, getNotifications, updateNotifications) and the
 * link a notification leads to (P§2). The contact is the caller's own: the gateway binds `cid` (and `accId`)
 * from the principal, whatever the browser sent (docs/decisions/0026-notifications-and-record-pages.md).
 */

/** Page types of spec P§2 a notification may target with a link of their own. */
export const DETAILS_PAGE = 'Details page';
export const LIST_PAGE = 'List page';

/** Types whose `cid` is the caller's own contact, never one the client names. */
export const OWN_CONTACT_TYPES = [
  'getNotificationsCount',
  'getNotifications',
  'updateNotifications',
] as const;

const notificationScope = {
  storefrontId: id,
  accId: id,
  /** Bound by the gateway to the signed-in user's contact. */
  cid: id.optional(),
};

/** The notification record: what it says, shared by the contacts it is sent to. */
const notificationSchema = z.object({
  Id: z.string(),
  Name: z.string(),
  Message: z.string(),
  CreatedDate: z.string(),
});
export type NotificationRecord = z.infer<typeof notificationSchema>;

/** The contact-specific row (spec P§3): when this contact saw and read it, and where it leads. */
const contactNotificationSchema = z.object({
  Id: z.string(),
  Notification: z.string(),
  Read_Date: z.string().nullable(),
  Seen_Date: z.string().nullable(),
  CreatedDate: z.string(),
  /** A template id of the storefront, or a raw path when it names no template. */
  Target_Template_Page: z.string().nullable(),
  /** The Page_Type of the template Target_Template_Page names; null for a raw path. */
  Target_Page_Type: z.string().nullable(),
  Record_Number: z.string().nullable(),
});
export type ContactNotification = z.infer<typeof contactNotificationSchema>;

const notificationCountSchema = z.object({ total: z.number(), unseen: z.number(), unread: z.number() });
export type NotificationCount = z.infer<typeof notificationCountSchema>;

export const NOTIFICATION_UPDATES = ['read', 'seen'] as const;
export type NotificationUpdate = (typeof NOTIFICATION_UPDATES)[number];

/** Most notifications a list shows, and a request may mark at once. */
export const MAX_NOTIFICATIONS = 100;

/** Collapses repeated slashes: '//list//x' is '/list/x', so a target never reads as another host. */
function collapseSlashes(path: string): string {
  return `/${path}`.replace(/\/{2,}/g, '/');
}

/**
 * Where a notification leads (spec P§2): a details page with a record number opens that record, a list page
 * its list, anything else the raw target path; double slashes are collapsed. Null when it names no target.
 */
export function notificationUrl(row: ContactNotification): string | null {
  const target = row.Target_Template_Page?.trim();
  if (!target) return null;
  const templateId = encodeURIComponent(target);
  if (row.Target_Page_Type === DETAILS_PAGE && row.Record_Number) {
    return `${collapseSlashes(`/detail/${templateId}`)}?recordId=${encodeURIComponent(row.Record_Number)}`;
  }
  if (row.Target_Page_Type === LIST_PAGE) return collapseSlashes(`/list/${templateId}`);
  return collapseSlashes(target);
}

// Read and seen dates change with every visit, so nothing here is cached.
const row = { group: 'ecommerce', cacheable: false } as const;

export const NOTIFICATION_CRM_TYPES = {
  /** The caller's notifications: how many, how many not yet seen, how many not yet read. */
  getNotificationsCount: crmType({
    ...row,
    method: 'GET',
    payload: z.object(notificationScope),
    answer: notificationCountSchema,
  }),
  /** The caller's notifications, newest first: the records and the caller's rows of them. */
  getNotifications: crmType({
    ...row,
    method: 'GET',
    payload: z.object({
      ...notificationScope,
      limit: z.coerce.number().int().min(1).max(MAX_NOTIFICATIONS).default(50),
    }),
    answer: z.object({
      notification: z.array(notificationSchema),
      contactNotification: z.array(contactNotificationSchema),
    }),
  }),
  /** Marks some of the caller's rows read or seen (read implies seen); answers the counts after. */
  updateNotifications: crmType({
    ...row,
    method: 'POST',
    payload: z.object({
      ...notificationScope,
      payload: z.object({
        action: z.enum(NOTIFICATION_UPDATES),
        ids: z.array(id).min(1, 'must name at least one notification').max(MAX_NOTIFICATIONS),
      }),
    }),
    answer: notificationCountSchema,
  }),
};
