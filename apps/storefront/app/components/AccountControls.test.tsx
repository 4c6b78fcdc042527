import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../testing/render';
import { AccountControls, ActingAccount } from './AccountControls';

afterEach(cleanup);

describe('AccountControls', () => {
  it("offers a guest 'Sign in', back to this page afterwards", () => {
    renderAt(
      <AccountControls viewer={{ signedIn: false, name: null, actingFor: null }} />,
      '/category/c1?page=2',
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fcategory%2Fc1%3Fpage%3D2',
    );
  });

  it("opens a menu under a signed-in user's name with the account pages and 'Sign out'", () => {
    renderAt(<AccountControls viewer={{ signedIn: true, name: 'Ana Lima', actingFor: null }} />);
    const toggle = screen.getByRole('button', { name: 'Ana Lima' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Your account' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Your account' }).getAttribute('href')).toBe('/billing/account');
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/billing/orders');
    expect(screen.getByRole('link', { name: 'Approvals' }).getAttribute('href')).toBe('/billing/approvals');
    expect(screen.getByRole('link', { name: 'Quotes and orders' }).getAttribute('href')).toBe('/quotes');
    expect(screen.getByRole('link', { name: 'Requisition lists' }).getAttribute('href')).toBe(
      '/billing/lists',
    );
    expect(screen.queryByText(/Acting for/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Profile and security' }).getAttribute('href')).toBe(
      '/billing/profile',
    );
    // A POST to /login, so a link on another site cannot sign the user out.
    const signOut = screen.getByRole('button', { name: 'Sign out' });
    expect(signOut.closest('form')?.getAttribute('method')).toBe('post');
    expect(signOut.closest('form')?.getAttribute('action')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('names the account a user of several accounts acts for in sight, with the way to switch', () => {
    renderAt(
      <ActingAccount
        viewer={{ signedIn: true, name: 'Ana Lima', actingFor: 'Halvorsen Sequencing Core Facility' }}
      />,
    );
    const line = screen.getByText('Halvorsen Sequencing Core Facility').closest('p');
    expect(line?.textContent).toBe('Acting for Halvorsen Sequencing Core Facility Switch account');
    expect(screen.getByRole('link', { name: 'Switch account' }).getAttribute('href')).toBe(
      '/billing/account#related-accounts',
    );
  });

  it('says nothing of the account to a user of one account, nor to a guest', () => {
    const { container } = renderAt(
      <>
        <ActingAccount viewer={{ signedIn: true, name: 'Ana Lima', actingFor: null }} />
        <ActingAccount viewer={{ signedIn: false, name: null, actingFor: null }} />
      </>,
    );
    expect(container.textContent).toBe('');
  });

  it('closes on Escape, giving focus back to its button, and on a click outside', () => {
    renderAt(
      <>
        <AccountControls viewer={{ signedIn: true, name: 'Ana Lima', actingFor: null }} />
        <p>Elsewhere</p>
      </>,
    );
    const toggle = screen.getByRole('button', { name: 'Ana Lima' });
    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    fireEvent.click(toggle);
    fireEvent.pointerDown(screen.getByText('Elsewhere'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
