import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountControls } from '../components/AccountControls';
import { renderAt } from '../testing/render';
import { amplifyCookies } from '../testing/tokens';
import { accessTokenExpiry, TOKEN_EXPIRY_LOG_MS } from './token-expiry-log';

const NOW = Date.parse('2026-11-28T10:00:00Z');
const signedIn = { signedIn: true, name: 'Ana Lima', actingFor: null } as const;

function setCookies(header: string) {
  for (const pair of header.split('; ')) {
    // biome-ignore lint/suspicious/noDocumentCookie: the test stands in for the library writing its cookies.
    document.cookie = `${pair}; path=/`;
  }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(NOW);
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const pair of document.cookie.split('; ')) {
    // biome-ignore lint/suspicious/noDocumentCookie: the cookies the test wrote go again.
    document.cookie = `${pair.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});

describe('the token expiry log', () => {
  it("logs a signed-in user's token expiry now and every 60 s, and says when it has expired", () => {
    const exp = NOW / 1000 + 150;
    setCookies(amplifyCookies({ access: { exp } }));
    expect(accessTokenExpiry(document.cookie)).toBe(exp * 1000);
    const { unmount } = renderAt(<AccountControls viewer={signedIn} />);
    // Written when the browser is idle (here, without requestIdleCallback, after a tick).
    expect(console.info).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(console.info).toHaveBeenLastCalledWith(
      'Session: the access token expires in 3 min (2026-11-28T10:02:30.000Z).',
    );
    vi.advanceTimersByTime(TOKEN_EXPIRY_LOG_MS - 1);
    expect(console.info).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(console.info).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(2 * TOKEN_EXPIRY_LOG_MS);
    expect(console.info).toHaveBeenCalledTimes(4);
    expect(console.info).toHaveBeenLastCalledWith(
      'Session: the access token expired 1 min ago; the next page refreshes it.',
    );
    expect(TOKEN_EXPIRY_LOG_MS).toBe(60_000);
    unmount();
    vi.advanceTimersByTime(TOKEN_EXPIRY_LOG_MS);
    expect(console.info).toHaveBeenCalledTimes(4);
  });

  it('logs nothing for a guest', () => {
    renderAt(<AccountControls viewer={{ signedIn: false, name: null, actingFor: null }} />);
    vi.advanceTimersByTime(TOKEN_EXPIRY_LOG_MS);
    expect(console.info).not.toHaveBeenCalled();
  });
});
