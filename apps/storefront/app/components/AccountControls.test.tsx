import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../testing/render';
import { AccountControls } from './AccountControls';

afterEach(cleanup);

describe('AccountControls', () => {
  it("offers a guest 'Sign in', back to this page afterwards", () => {
    renderAt(<AccountControls viewer={{ signedIn: false, name: null }} />, '/category/c1?page=2');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fcategory%2Fc1%3Fpage%3D2',
    );
  });

  it("shows a signed-in user's name and 'Sign out'", () => {
    renderAt(<AccountControls viewer={{ signedIn: true, name: 'Ana Lima' }} />);
    expect(screen.getByText('Ana Lima')).toBeTruthy();
    // A POST to /login, so a link on another site cannot sign the user out.
    const signOut = screen.getByRole('button', { name: 'Sign out' });
    expect(signOut.closest('form')?.getAttribute('method')).toBe('post');
    expect(signOut.closest('form')?.getAttribute('action')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});
