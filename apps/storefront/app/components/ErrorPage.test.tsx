import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../testing/render';
import { ErrorPage } from './ErrorPage';
import { ERROR_PAGES, ERROR_STATUSES } from './error-pages';

afterEach(cleanup);

describe('ErrorPage', () => {
  it.each(ERROR_STATUSES)('shows the %i page with its texts, width and a button home', (status) => {
    const content = ERROR_PAGES[status];
    renderAt(<ErrorPage status={status} />);
    expect(screen.getByRole('heading', { level: 1, name: content.heading })).toBeTruthy();
    expect(screen.getByText(content.subheading)).toBeTruthy();
    expect(screen.getByText(content.explanation)).toBeTruthy();
    const home = screen.getByRole('link', { name: 'RETURN TO HOMEPAGE' });
    expect(home.getAttribute('href')).toBe('/');
    const column = home.parentElement as HTMLElement;
    expect(column.style.maxWidth).toBe(`${content.maxWidth}px`);
  });

  it('has the texts and widths of the specification', () => {
    expect(ERROR_PAGES[404].heading).toBe('Page Not Found');
    expect(ERROR_PAGES[401]).toMatchObject({ heading: 'Authorization Required', maxWidth: 460 });
    expect(ERROR_PAGES[401].subheading).toBe('You are not authorized to access this page');
    expect(ERROR_PAGES[500]).toMatchObject({ heading: 'Internal Server Error', maxWidth: 615 });
    expect(ERROR_PAGES[503]).toMatchObject({ heading: 'Internal Server Error', maxWidth: 574 });
    expect(ERROR_PAGES[509]).toMatchObject({ heading: 'Limit Exceeded', maxWidth: 686 });
    expect(ERROR_PAGES[404].maxWidth).toBe(725);
  });

  it('shows a message in place of the heading', () => {
    renderAt(<ErrorPage status={404} message="Page Not Found: /no-such-page" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found: /no-such-page');
  });

  it('opens scrolled to the top', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderAt(<ErrorPage status={500} />);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockRestore();
  });

  it('clears stored login info on the 401 page only', () => {
    localStorage.setItem('EC_Auth', 'token');
    localStorage.setItem('CognitoIdentityServiceProvider.client.user.idToken', 'jwt');
    localStorage.setItem('EC_Quote_Id', 'Q-1');
    sessionStorage.setItem('anything', 'x');
    for (const cookie of ['CognitoIdentityServiceProvider.client.LastAuthUser=ana', 'theme=dark']) {
      // biome-ignore lint/suspicious/noDocumentCookie: the cookies a signed-in browser would have.
      document.cookie = `${cookie}; Path=/`;
    }
    renderAt(<ErrorPage status={404} />);
    expect(localStorage.getItem('EC_Auth')).toBe('token');
    cleanup();
    renderAt(<ErrorPage status={401} />);
    expect(localStorage.getItem('EC_Auth')).toBeNull();
    expect(localStorage.getItem('CognitoIdentityServiceProvider.client.user.idToken')).toBeNull();
    expect(localStorage.getItem('EC_Quote_Id')).toBe('Q-1');
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('theme=dark');
  });
});
