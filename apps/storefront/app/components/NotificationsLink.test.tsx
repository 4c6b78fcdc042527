import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../testing/render';
import { NotificationsLink } from './NotificationsLink';

afterEach(cleanup);

describe('NotificationsLink', () => {
  it('leads to the notifications page, naming how many are new', () => {
    renderAt(<NotificationsLink unseen={3} />);
    const link = screen.getByRole('link', { name: 'Notifications 3 new' });
    expect(link.getAttribute('href')).toBe('/billing/notifications');
  });

  it('shows no badge when everything has been seen, and caps a large count', () => {
    const { unmount } = renderAt(<NotificationsLink unseen={0} />);
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeTruthy();
    unmount();
    renderAt(<NotificationsLink unseen={250} />);
    expect(screen.getByRole('link', { name: 'Notifications 99+ new' })).toBeTruthy();
  });
});
