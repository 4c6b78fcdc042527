import { type DomainDetails, usesSingleSignOn } from '@storefront/contracts/storefront';

/** What the browser needs to sign people in to the host's storefront; all of it is public. */
export interface AuthSettings {
  userPoolId: string;
  clientId: string;
  /** The client name starts with saml or oidc: sign-in goes through the hosted login (spec P§6). */
  singleSignOn: boolean;
  /** The hosted login's identity_provider, when the storefront names one. */
  identityProvider: string | null;
  /** The password sign-in runs the app client's custom flow (a custom challenge follows the password). */
  customChallenge: boolean;
  /** Where the hosted logout returns to after a single-sign-on user signs out. */
  logoutUri: string | null;
  /** The issuer an authenticator app shows for this storefront. */
  storefrontName: string;
  /** The gateway's public x-api-key, for the calls the sign-in page makes itself. */
  gatewayApiKey: string;
}

/** From the storefront's domain details; the sign-in pages' loaders hand them to the browser. */
export function authSettings(storefront: DomainDetails, gatewayApiKey: string): AuthSettings {
  return {
    userPoolId: storefront.awsUserPoolId,
    clientId: storefront.clientId,
    singleSignOn: usesSingleSignOn(storefront.clientName),
    identityProvider: storefront.ssoInfo?.identityProvider ?? null,
    customChallenge: storefront.ssoInfo?.authFlowType === 'CUSTOM_WITH_SRP',
    logoutUri: storefront.ssoInfo?.logout_uri ?? null,
    storefrontName: storefront.storefrontName,
    gatewayApiKey,
  };
}
