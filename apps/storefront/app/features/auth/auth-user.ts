import { DEFAULT_LOCALE } from '@storefront/contracts/constants';

/** The signed-in user as the portal keeps it (spec P§3 auth user). */
export interface AuthUser {
  username: string;
  /** The first group of the user (spec P§6); null for a user in none. */
  userType: string | null;
  givenName: string;
  familyName: string;
  email: string;
  accountId: string | null;
  contactId: string | null;
  orgId: string | null;
  /** custom:local with '_' as '-' (en_US → en-US), en-US when unset. */
  locale: string;
}

/** From the user's attributes and the id token's cognito:groups claim. */
export function authUser(
  username: string,
  attributes: Partial<Record<string, string>>,
  groups: unknown,
): AuthUser {
  const [group] = Array.isArray(groups) ? groups : [];
  return {
    username,
    userType: typeof group === 'string' ? group : null,
    givenName: attributes.given_name ?? '',
    familyName: attributes.family_name ?? '',
    email: attributes.email ?? '',
    accountId: attributes['custom:salesforceAccountId'] ?? null,
    contactId: attributes['custom:salesforceContactId'] ?? null,
    orgId: attributes['custom:salesforceOrgId'] ?? null,
    locale: attributes['custom:local']?.replace(/_/g, '-') || DEFAULT_LOCALE,
  };
}
