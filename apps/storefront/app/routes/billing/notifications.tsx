import { MAX_NOTIFICATIONS, NOTIFICATION_UPDATES } from '@storefront/contracts/crm-notifications';
import { useEffect } from 'react';
import { data, Form, type MetaDescriptor, redirect, useFetcher } from 'react-router';
import { z } from 'zod';
import {
  listNotifications,
  markNotifications,
  type NotificationItem,
} from '../../features/notifications/notifications.server';
import { readForm } from '../../lib/form.server';
import { GatewayCallError } from '../../lib/gateway';
import { NOTIFICATIONS_PATH, sitePath } from '../../lib/paths';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/notifications';

export const meta: Route.MetaFunction = (): MetaDescriptor[] => [{ title: 'Notifications' }];

/** Listing marks nothing: the page marks what it showed as seen once it is on screen (see SeenMarker). */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  return { notifications: await listNotifications(session) };
}

const id = z.string().trim().min(1).max(64);
const form = z.discriminatedUnion('intent', [
  /** Opens a notification: marks it read and goes where it leads. */
  z.object({ intent: z.literal('open'), id }),
  z.object({ intent: z.enum(NOTIFICATION_UPDATES), ids: z.array(id).min(1).max(MAX_NOTIFICATIONS) }),
]);

export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const body = await readForm(args.request);
  const parsed = form.safeParse({
    intent: body.get('intent'),
    id: body.get('id') ?? undefined,
    ids: body.getAll('ids'),
  });
  if (!parsed.success) return data({ problem: 'Choose a notification.' }, { status: 400 });
  const request = parsed.data;
  try {
    if (request.intent !== 'open') {
      await markNotifications(session, request.intent, request.ids);
      return { problem: null };
    }
    // Where it leads is read from the CRM's own row, never from the form.
    const item = (await listNotifications(session)).find((entry) => entry.id === request.id);
    if (!item) return data({ problem: 'This notification is no longer there.' }, { status: 404 });
    await markNotifications(session, 'read', [item.id]);
    return redirect((item.url && sitePath(item.url, session.url.origin)) || NOTIFICATIONS_PATH);
  } catch (error) {
    if (error instanceof GatewayCallError && error.status < 500) {
      return data({ problem: 'This notification is no longer there.' }, { status: error.status });
    }
    throw error;
  }
}

export default function NotificationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { notifications } = loaderData;
  const unread = notifications.filter((item) => !item.isRead);
  return (
    <section className="notifications" aria-labelledby="notifications-heading">
      <h1 id="notifications-heading">Notifications</h1>
      <SeenMarker notifications={notifications} />
      {actionData?.problem && (
        <p role="alert" className="record-detail__problem">
          {actionData.problem}
        </p>
      )}
      {notifications.length === 0 ? (
        <p>You have no notifications.</p>
      ) : (
        <>
          <p>{unread.length === 0 ? 'You have read them all.' : `${unread.length} unread`}</p>
          {unread.length > 0 && (
            <Form method="post">
              {unread.map((item) => (
                <input key={item.id} type="hidden" name="ids" value={item.id} />
              ))}
              <button type="submit" name="intent" value="read" className="notification__mark">
                Mark all as read
              </button>
            </Form>
          )}
          <ul className="notification-list">
            {notifications.map((item) => (
              <Notification key={item.id} item={item} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Notification({ item }: { item: NotificationItem }) {
  return (
    <li className={item.isRead ? 'notification' : 'notification notification--unread'}>
      {item.url ? (
        <Form method="post">
          <input type="hidden" name="id" value={item.id} />
          <button type="submit" name="intent" value="open" className="notification__open">
            {item.title}
          </button>
        </Form>
      ) : (
        <strong>{item.title}</strong>
      )}
      <p className="notification__message">{item.message}</p>
      <div className="notification__meta">
        <span>{item.sent}</span>
        {item.isRead ? (
          <span className="notification__state">Read</span>
        ) : (
          <Form method="post">
            <input type="hidden" name="ids" value={item.id} />
            <button
              type="submit"
              name="intent"
              value="read"
              className="notification__mark"
              aria-label={`Mark as read: ${item.title}`}
            >
              Mark as read
            </button>
          </Form>
        )}
      </div>
    </li>
  );
}

/**
 * Marks the listed notifications seen once the page is on screen (a prefetch of the page must not): a form
 * post like any other, so the server checks its origin; the header's badge follows when loaders revalidate.
 */
function SeenMarker({ notifications }: { notifications: NotificationItem[] }) {
  const fetcher = useFetcher();
  const unseen = notifications.filter((item) => !item.isSeen).map((item) => item.id);
  const key = unseen.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: marks each set of unseen rows once, by its ids.
  useEffect(() => {
    if (key === '' || fetcher.state !== 'idle') return;
    const body = new FormData();
    body.set('intent', 'seen');
    for (const id of key.split(',')) body.append('ids', id);
    fetcher.submit(body, { method: 'post', action: NOTIFICATIONS_PATH });
  }, [key]);
  return null;
}
