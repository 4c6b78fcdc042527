import { accountUserStatus } from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../src/principal';
import { allowedActions, userPage } from '../src/users/account-users';
import type { DirectoryUser } from '../src/users/directory';
import { storefront } from './fixtures';

const manager: Principal = {
  userType: 'AWSManager',
  accountId: 'acc-1',
  accountIds: ['acc-1', 'acc-guest'],
  homeAccountId: 'acc-1',
  shipToAccountId: null,
  contactId: 'c-1',
  username: 'boss@lab.example',
  storefront,
  guestCartSecret: null,
};

function user(overrides: Partial<DirectoryUser> = {}): DirectoryUser {
  return {
    username: 'ann@lab.example',
    email: 'ann@lab.example',
    givenName: 'Ann',
    familyName: 'Berg',
    locale: 'en-US',
    accountId: 'acc-1',
    contactId: 'c-2',
    createdBy: null,
    enabled: true,
    userStatus: 'CONFIRMED',
    createdAt: 1_000,
    groups: ['AWSPortalUser'],
    ...overrides,
  };
}

describe('a user’s status (P§4)', () => {
  it('is Inactive when disabled, Invited until a password is set, Active once confirmed', () => {
    expect(accountUserStatus(false, 'CONFIRMED')).toBe('Inactive');
    for (const status of ['FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED', 'UNCONFIRMED']) {
      expect(accountUserStatus(true, status)).toBe('Invited');
    }
    expect(accountUserStatus(true, 'CONFIRMED')).toBe('Active');
    expect(accountUserStatus(true, 'EXTERNAL_PROVIDER')).toBe('Active');
    expect(accountUserStatus(true, 'UNKNOWN')).toBe('Unknown');
  });
});

describe('the actions a row offers (P§5, P§6)', () => {
  it('gives a manager edit only for Active users and reset only for enabled users of the three statuses', () => {
    expect(allowedActions(manager, user())).toEqual(['edit', 'resetPassword', 'deactivate', 'changeRole']);
    expect(allowedActions(manager, user({ userStatus: 'FORCE_CHANGE_PASSWORD' }))).toEqual([
      'resetPassword',
      'deactivate',
      'changeRole',
    ]);
    expect(allowedActions(manager, user({ userStatus: 'UNCONFIRMED' }))).toEqual([
      'deactivate',
      'changeRole',
    ]);
    expect(allowedActions(manager, user({ enabled: false }))).toEqual(['activate', 'changeRole']);
  });

  it('offers no activate, deactivate or reset on a single-sign-on storefront', () => {
    for (const clientName of ['saml-partner', 'oidc-lab', 'SAMLPortal']) {
      const sso = { ...manager, storefront: { ...storefront, clientName } };
      expect(allowedActions(sso, user())).toEqual(['edit', 'changeRole']);
      expect(allowedActions(sso, user({ enabled: false }))).toEqual(['changeRole']);
    }
  });

  it('offers nothing to a portal user, nor on the manager’s own row', () => {
    expect(allowedActions({ ...manager, userType: 'AWSPortalUser' }, user())).toEqual([]);
    expect(allowedActions(manager, user({ username: 'boss@lab.example' }))).toEqual([]);
  });
});

describe('a page of users', () => {
  const users = [
    user({ username: 'a', givenName: 'Astrid', createdAt: 3 }),
    user({ username: 'b', enabled: false, groups: ['AWSManager'], createdAt: 2 }),
    user({ username: 'c', userStatus: 'FORCE_CHANGE_PASSWORD', createdAt: 1 }),
  ];
  const query = { search: '', status: 'all', role: 'all', page: 1, limit: 2 } as const;

  it('counts each status under the role chosen and each role under the status chosen', () => {
    const page = userPage(manager, users, { ...query, role: 'AWSPortalUser' });
    expect(page.counts.status).toEqual({ all: 2, inactive: 0, active: 1, invited: 1 });
    expect(page.counts.role).toEqual({ all: 3, AWSManager: 1, AWSPortalUser: 2 });
    expect(page.totalUsers).toBe(2);
  });

  it('pages newest first and searches names in any case', () => {
    expect(userPage(manager, users, query).allUsers.map((row) => row.id)).toEqual(['a', 'b']);
    expect(userPage(manager, users, { ...query, page: 2 }).allUsers.map((row) => row.id)).toEqual(['c']);
    expect(userPage(manager, users, { ...query, search: 'astr' }).totalUsers).toBe(1);
  });
});
