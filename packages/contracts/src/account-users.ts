import { z } from 'zod';
import { text } from './crm-fields';

/** Managing the users of an account (spec P§3-P§9, issue 12): the shapes the gateway answers and the page reads. */

/** P§4: the status a person sees, from Enabled and the pool's status. */
export const ACCOUNT_USER_STATUSES = ['Inactive', 'Invited', 'Active'] as const;
export type AccountUserStatus = (typeof ACCOUNT_USER_STATUSES)[number] | 'Unknown';

export type IdentityStatus =
  | 'UNCONFIRMED'
  | 'CONFIRMED'
  | 'EXTERNAL_PROVIDER'
  | 'UNKNOWN'
  | 'RESET_REQUIRED'
  | 'FORCE_CHANGE_PASSWORD';

/**
 * P§4 word for word for the statuses it names; a federated user (EXTERNAL_PROVIDER) has signed in through
 * their provider and counts as Active; UNKNOWN is shown as it is (docs/decisions/0024-managing-users.md).
 */
export function accountUserStatus(enabled: boolean, userStatus: string): AccountUserStatus {
  if (!enabled) return 'Inactive';
  if (['FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED', 'UNCONFIRMED'].includes(userStatus)) return 'Invited';
  if (userStatus === 'CONFIRMED' || userStatus === 'EXTERNAL_PROVIDER') return 'Active';
  return 'Unknown';
}

/** The roles a manager gives (P§9's role filter values), and P§6's names for every group. */
export const ASSIGNABLE_ROLES = ['AWSManager', 'AWSPortalUser'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
export const ROLE_NAMES: Record<string, string> = {
  AWSManager: 'Manager',
  AWSPortalUser: 'User',
  AWSAdmin: 'Admin',
  AWSGuest: 'Guest',
};

export const USER_ACTIONS = ['edit', 'resetPassword', 'activate', 'deactivate', 'changeRole'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/** P§3's account user, as listUsers answers it. */
export interface AccountUser {
  id: string;
  email: string;
  given_name: string;
  family_name: string;
  locale: string;
  contactId: string | null;
  Enabled: boolean;
  UserStatus: string;
  status: AccountUserStatus;
  GroupName: string | null;
  displayGroup: string;
  /** ISO 8601. */
  UserCreateDate: string;
  storefront: string;
  storefrontId: string;
  domain: string;
  userPoolId: string;
  /** What the caller may do to this user; empty unless the caller is a manager (P§5, P§6). */
  actions: UserAction[];
}

/** P§9: 20 users a page; status and role filter values. */
export const USER_PAGE_SIZE = 20;
export const STATUS_FILTERS = ['all', 'inactive', 'active', 'invited'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const ROLE_FILTERS = ['all', ...ASSIGNABLE_ROLES] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

/** listUsers' data (P§7); the pool and account, when named, must be the caller's own. */
export const listUsersInput = z.object({
  userPoolId: text().max(55).nullish(),
  salesforceAccountId: text().max(64).nullish(),
  given_name: text().max(100).nullish(),
  user_status: z.enum(STATUS_FILTERS).default('all'),
  role: z.enum(ROLE_FILTERS).default('all'),
  limit: z.coerce.number().int().min(1).max(60).default(USER_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ListUsersInput = z.input<typeof listUsersInput>;

export interface UserCounts {
  status: Record<StatusFilter, number>;
  role: Record<RoleFilter, number>;
}

/** listUsers' answer: the page, how many users match, and the count of each tab. */
export interface UserListAnswer {
  allUsers: AccountUser[];
  totalUsers: number;
  page: number;
  limit: number;
  counts: UserCounts;
}

/** What a manager types for a user: P§7's createUser and updateUser fields. */
export const USER_NAME_LIMIT = 60;
export const LOCALES = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'nb-NO', 'sv-SE'] as const;

export const USER_FORM_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  givenNameRequired: 'First name is required',
  familyNameRequired: 'Last name is required',
  tooLong: `Use at most ${USER_NAME_LIMIT} characters`,
  localeInvalid: 'Choose a language from the list',
  roleInvalid: 'Choose Manager or User',
} as const;

const nameField = (required: string) =>
  text().trim().min(1, required).max(USER_NAME_LIMIT, USER_FORM_MESSAGES.tooLong);

export const userNamesInput = z.object({
  given_name: nameField(USER_FORM_MESSAGES.givenNameRequired),
  family_name: nameField(USER_FORM_MESSAGES.familyNameRequired),
});

export const userUpdateInput = userNamesInput.extend({
  local: z.enum(LOCALES, USER_FORM_MESSAGES.localeInvalid),
});

export const newUserInput = userUpdateInput.extend({
  email: text()
    .trim()
    .toLowerCase()
    .min(1, USER_FORM_MESSAGES.emailRequired)
    .max(80, USER_FORM_MESSAGES.tooLong)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, USER_FORM_MESSAGES.emailInvalid),
  groupName: z.enum(ASSIGNABLE_ROLES, USER_FORM_MESSAGES.roleInvalid),
  enabled: z.boolean().default(true),
});
export type NewUserInput = z.input<typeof newUserInput>;

/** P§8's success messages, and the one the spec leaves open (reset: decision 0024). */
export const USER_MESSAGES = {
  created: 'User created successfully.',
  updated: 'User updated successfully.',
  activated: 'User activated successfully.',
  deactivated: 'User deactivated successfully.',
  roleUpdated: 'User role updated successfully.',
  passwordReset: 'A password reset code was sent to the user.',
  notFound: 'User does not exist.',
  notAllowed: 'This action is not available for this user.',
  singleSignOn: 'Users of a single-sign-on storefront are managed by its identity provider.',
  managersOnly: 'Only a manager of the account may manage its users.',
  exists: 'A user with this email already exists.',
  tooManyCodes:
    'Too many password reset codes were sent to this user in the last hour. Nothing was changed; try again later.',
} as const;
