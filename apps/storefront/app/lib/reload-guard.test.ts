import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_GUARD_MS, reloadOnce, reloadOrThrow } from './reload-guard';

const NOW = Date.parse('2026-11-28T10:00:00Z');
const browser = () => ({ sessionStorage: window.sessionStorage, location: { assign: vi.fn() } });

beforeEach(() => window.sessionStorage.clear());

describe('reloadOnce', () => {
  it('loads the page again once; within 10 s it does not, then it may again', () => {
    const first = browser();
    expect(reloadOnce('/checkout?step=2', first, NOW)).toBe(true);
    expect(first.location.assign).toHaveBeenCalledWith('/checkout?step=2');

    const again = browser();
    expect(reloadOnce('/checkout?step=2', again, NOW + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(again.location.assign).not.toHaveBeenCalled();

    const later = browser();
    expect(reloadOnce('/checkout?step=2', later, NOW + RELOAD_GUARD_MS)).toBe(true);
    expect(later.location.assign).toHaveBeenCalledWith('/checkout?step=2');
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });

  it('guards each page on its own, and reads a damaged marker as none', () => {
    expect(reloadOnce('/cart', browser(), NOW)).toBe(true);
    expect(reloadOnce('/checkout', browser(), NOW + 1)).toBe(true);
    window.sessionStorage.setItem('EC_Reload', '{not json');
    expect(reloadOnce('/checkout', browser(), NOW + 2)).toBe(true);
  });
});

describe('reloadOrThrow', () => {
  it('lets the error stand when the page was just reloaded for it', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const missing = new TypeError('Failed to fetch dynamically imported module');
    const path = window.location.pathname + window.location.search;
    expect(reloadOrThrow(missing, path)).toBeInstanceOf(Promise);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(() => reloadOrThrow(missing, path)).toThrow(missing);
    expect(assign).toHaveBeenCalledTimes(1);
  });
});
