import { describe, expect, it } from 'vitest';
import { isVisibleTo } from './visibility';

const guest = { isGuest: true };
const member = { isGuest: false };

describe('isVisibleTo', () => {
  it('shows empty and ALL to everyone', () => {
    for (const value of [undefined, null, '', ' ', 'ALL', 'all']) {
      expect(isVisibleTo(value, guest)).toBe(true);
      expect(isVisibleTo(value, member)).toBe(true);
    }
  });

  it('shows GUEST to guests only', () => {
    expect(isVisibleTo('GUEST', guest)).toBe(true);
    expect(isVisibleTo('GUEST', member)).toBe(false);
  });

  it("shows AUTHENTICATED and 'LOGGED IN' to signed-in users only", () => {
    for (const value of ['AUTHENTICATED', 'LOGGED IN', 'logged in']) {
      expect(isVisibleTo(value, guest)).toBe(false);
      expect(isVisibleTo(value, member)).toBe(true);
    }
  });

  it('hides an unknown value from everyone', () => {
    expect(isVisibleTo('ADMINS', guest)).toBe(false);
    expect(isVisibleTo('ADMINS', member)).toBe(false);
  });
});
