/** What other capabilities use of notifications: they import it from here, never from its files. */
export { insertNotification } from './queries/notifications';
