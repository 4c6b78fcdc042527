import type { Database } from '@storefront/database';
import { identityDb } from '../db/database';
import { ensureIdentityProvider } from '../federation/providers';
import { demoProviderKeysOf } from './keys';
import { DEMO_PROVIDER_CLIENT_ID, demoProviderUrls } from './routes';

/** The names a pool knows the demo provider by, per protocol. */
export const DEMO_PROVIDER_NAMES = { OIDC: 'DemoOIDC', SAML: 'DemoSAML' } as const;

export interface DemoFederation {
  poolId: string;
  type: 'OIDC' | 'SAML';
  /** The identity service serving the demo provider (its createIdentityApp issuerBase). */
  issuerBase: string;
  /** Groups and attributes a new user of the provider gets (the storefront's account). */
  groups: string[];
  attributes: Record<string, string>;
}

/**
 * Federates a pool to the demo provider of the identity service at `issuerBase` (served with its
 * `demoProvider` option), over OIDC or SAML; safe to call on every start.
 */
export async function ensureDemoFederation(database: Database, federation: DemoFederation): Promise<void> {
  const { poolId, type, issuerBase, groups, attributes } = federation;
  const urls = demoProviderUrls(issuerBase);
  const common = { poolId, name: DEMO_PROVIDER_NAMES[type], groups, attributes };
  if (type === 'OIDC') {
    await ensureIdentityProvider(database, {
      ...common,
      type,
      issuer: urls.oidcIssuer,
      clientId: DEMO_PROVIDER_CLIENT_ID,
      scopes: ['openid', 'email', 'profile'],
    });
    return;
  }
  const { certificate } = await demoProviderKeysOf(identityDb(database));
  await ensureIdentityProvider(database, {
    ...common,
    type,
    entryPoint: urls.samlEntryPoint,
    idpCert: certificate,
    idpIssuer: urls.samlIssuer,
  });
}
