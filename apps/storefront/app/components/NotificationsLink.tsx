import { Link } from 'react-router';
import { NOTIFICATIONS_PATH } from '../lib/paths';

/**
 * The header's way to a signed-in viewer's notifications: a bell, with a badge counting those not seen yet.
 * The words stay the link's name ('Notifications 3 new').
 */
export function NotificationsLink({ unseen }: { unseen: number }) {
  const badge = unseen > 99 ? '99+' : String(unseen);
  return (
    <Link to={NOTIFICATIONS_PATH} className="notifications-link">
      <svg className="notifications-link__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4z" />
        <path d="M10 20a2 2 0 0 0 4 0" />
      </svg>
      <span className="visually-hidden">Notifications</span>
      {unseen > 0 && (
        <span className="notifications-link__badge">
          {badge}
          <span className="visually-hidden"> new</span>
        </span>
      )}
    </Link>
  );
}
