import { z } from 'zod';

/** A storefront as the CRM lists it (getActiveStorefronts). */
export interface StorefrontRecord {
  id: string;
  storefrontId: string;
  storefrontName: string;
  domain: string;
  resourcesDomain: string;
  awsUserPoolId: string;
  clientId: string;
  clientName: string;
  /** Null for an authenticated-only storefront. */
  guestAccountId: string | null;
  organizationId: string;
  salesforceOrgId: string;
  ssoInfo: SsoInfo | null;
  theme: Theme;
}

/** How the storefront's sign-in page signs people in, beside its app client's name (spec P§6). */
export interface SsoInfo {
  logout_uri?: string;
  identityProvider?: string;
  /**
   * The app client's custom authentication flow (CUSTOM_AUTH): the password, then the flow's own challenges.
   * Unset: the password alone (SRP), then whatever MFA the user has.
   */
  authFlowType?: 'CUSTOM_WITH_SRP';
}

export const themeSchema = z.object({
  key: z.string(),
  primaryColor: z.string(),
  accentColor: z.string(),
  textColor: z.string(),
  backgroundColor: z.string(),
  fontFamily: z.string(),
  logoUrl: z.string(),
});
export type Theme = z.infer<typeof themeSchema>;

/** What POST /api/domain answers for a host (spec P§3 domain details). */
export interface DomainDetails {
  domain: string;
  clientId: string;
  clientName: string;
  guestAccountId: string | null;
  awsUserPoolId: string;
  storefrontId: string;
  storefrontName: string;
  resourcesDomain: string;
  organizationId: string;
  salesforceOrgId: string;
  ssoInfo: SsoInfo | null;
  theme: Theme;
}

export function toDomainDetails(record: StorefrontRecord): DomainDetails {
  const { id: _id, ...details } = record;
  return details;
}

/** Single sign-on applies when the client name starts with saml or oidc (spec P§6). */
export function usesSingleSignOn(clientName: string): boolean {
  return /^(saml|oidc)/i.test(clientName);
}
