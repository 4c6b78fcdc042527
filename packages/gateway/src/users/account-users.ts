import {
  type AccountUser,
  accountUserStatus,
  type DomainDetails,
  ROLE_NAMES,
  type RoleFilter,
  type StatusFilter,
  type UserAction,
  type UserCounts,
  type UserListAnswer,
  usesSingleSignOn,
} from '@storefront/contracts';
import type { Principal } from '../principal';
import type { DirectoryUser } from './directory';

/** The rules of P§5 and P§6 for one row, decided here and only mirrored by the page. */
export function allowedActions(principal: Principal, user: DirectoryUser): UserAction[] {
  // Only a manager acts, and never on their own row (P§5's variant): they cannot lock themselves out.
  if (principal.userType !== 'AWSManager' || user.username === principal.username) return [];
  const status = accountUserStatus(user.enabled, user.userStatus);
  const singleSignOn = usesSingleSignOn(principal.storefront.clientName);
  const actions: UserAction[] = [];
  if (status === 'Active') actions.push('edit');
  const resettable = ['CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED'].includes(user.userStatus);
  if (!singleSignOn && user.enabled && resettable) actions.push('resetPassword');
  if (!singleSignOn) actions.push(user.enabled ? 'deactivate' : 'activate');
  actions.push('changeRole');
  return actions;
}

/** The role group a user is shown with: the first of their groups in name order, as the token names it. */
export function roleOf(user: DirectoryUser): string | null {
  return user.groups[0] ?? null;
}

export function accountUser(principal: Principal, user: DirectoryUser): AccountUser {
  const storefront: DomainDetails = principal.storefront;
  const group = roleOf(user);
  return {
    id: user.username,
    email: user.email,
    given_name: user.givenName,
    family_name: user.familyName,
    locale: user.locale,
    contactId: user.contactId,
    Enabled: user.enabled,
    UserStatus: user.userStatus,
    status: accountUserStatus(user.enabled, user.userStatus),
    GroupName: group,
    displayGroup: group ? (ROLE_NAMES[group] ?? group) : '',
    UserCreateDate: new Date(user.createdAt).toISOString(),
    storefront: storefront.storefrontName,
    storefrontId: storefront.storefrontId,
    domain: storefront.domain,
    userPoolId: storefront.awsUserPoolId,
    actions: allowedActions(principal, user),
  };
}

const matchesStatus = (user: DirectoryUser, filter: StatusFilter) =>
  filter === 'all' || accountUserStatus(user.enabled, user.userStatus).toLowerCase() === filter;
const matchesRole = (user: DirectoryUser, filter: RoleFilter) => filter === 'all' || roleOf(user) === filter;

/** A name search: every word typed appears in the user's names or email, in any case. */
function matchesSearch(user: DirectoryUser, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = `${user.givenName} ${user.familyName} ${user.email}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export interface UserQuery {
  search: string;
  status: StatusFilter;
  role: RoleFilter;
  page: number;
  limit: number;
}

/**
 * One page, newest first (UserCreateDate, P§9), with the count of every tab: each status tab counts under
 * the role chosen, each role tab under the status chosen, both within the search.
 */
export function userPage(principal: Principal, users: DirectoryUser[], query: UserQuery): UserListAnswer {
  const searched = query.search ? users.filter((user) => matchesSearch(user, query.search)) : users;
  const inRole = searched.filter((user) => matchesRole(user, query.role));
  const inStatus = searched.filter((user) => matchesStatus(user, query.status));
  const counts: UserCounts = {
    status: {
      all: inRole.length,
      inactive: inRole.filter((user) => matchesStatus(user, 'inactive')).length,
      active: inRole.filter((user) => matchesStatus(user, 'active')).length,
      invited: inRole.filter((user) => matchesStatus(user, 'invited')).length,
    },
    role: {
      all: inStatus.length,
      AWSManager: inStatus.filter((user) => matchesRole(user, 'AWSManager')).length,
      AWSPortalUser: inStatus.filter((user) => matchesRole(user, 'AWSPortalUser')).length,
    },
  };
  const matching = inRole
    .filter((user) => matchesStatus(user, query.status))
    .sort((a, b) => b.createdAt - a.createdAt || a.username.localeCompare(b.username));
  const start = (query.page - 1) * query.limit;
  return {
    allUsers: matching.slice(start, start + query.limit).map((user) => accountUser(principal, user)),
    totalUsers: matching.length,
    page: query.page,
    limit: query.limit,
    counts,
  };
}
