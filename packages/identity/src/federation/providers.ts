import type { Database } from '@storefront/database';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { type IdentityDb, identityDb } from '../db/database';
import { identityProviders } from '../db/schema';
import type { Client, Pool } from '../users/pools';

/** Pool attribute ← the provider's claim (OIDC) or attribute (SAML) it is read from. */
const attributeMapping = z.record(z.string(), z.string());

const common = {
  attributeMapping: attributeMapping.optional(),
  /** Groups a federated user joins when first seen, e.g. ['AWSPortalUser']. */
  groups: z.array(z.string()).default([]),
  /**
   * Attributes a federated user gets when first seen, whatever the provider says, e.g. the CRM account of the
   * organisation the provider signs in ({ 'custom:salesforceAccountId': '001…' }).
   */
  attributes: z.record(z.string(), z.string()).default({}),
};

const oidcSettings = z.object({
  issuer: z.url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1).optional(),
  scopes: z.array(z.string()).default(['openid', 'email', 'profile']),
  ...common,
});

const samlSettings = z.object({
  /** The provider's single sign-on URL (HTTP-Redirect binding). */
  entryPoint: z.url(),
  /** The provider's signing certificate (PEM), which every assertion must be signed with. */
  idpCert: z.string().min(1),
  /** The provider's entity id, checked against the response's Issuer when given. */
  idpIssuer: z.string().optional(),
  ...common,
});

export type OidcSettings = z.infer<typeof oidcSettings>;
export type SamlSettings = z.infer<typeof samlSettings>;

export type Provider =
  | { poolId: string; name: string; type: 'OIDC'; settings: OidcSettings }
  | { poolId: string; name: string; type: 'SAML'; settings: SamlSettings };

export type ProviderDefinition =
  | ({ poolId: string; name: string; type: 'OIDC' } & z.input<typeof oidcSettings>)
  | ({ poolId: string; name: string; type: 'SAML' } & z.input<typeof samlSettings>);

const DEFAULT_MAPPING: Record<Provider['type'], Record<string, string>> = {
  OIDC: { email: 'email', given_name: 'given_name', family_name: 'family_name' },
  SAML: { email: 'email', given_name: 'given_name', family_name: 'family_name' },
};

export function mappingOf(provider: Provider): Record<string, string> {
  return provider.settings.attributeMapping ?? DEFAULT_MAPPING[provider.type];
}

/** Creates or updates a pool's identity provider; safe to call on every start. */
export async function ensureIdentityProvider(
  database: Database,
  provider: ProviderDefinition,
): Promise<void> {
  const { poolId, name, type, ...rest } = provider;
  const settings = type === 'OIDC' ? oidcSettings.parse(rest) : samlSettings.parse(rest);
  await identityDb(database)
    .insert(identityProviders)
    .values({ poolId, name, type, settings })
    .onConflictDoUpdate({
      target: [identityProviders.poolId, identityProviders.name],
      set: { type, settings, updatedAt: new Date() },
    });
}

function parse(row: typeof identityProviders.$inferSelect): Provider {
  const { poolId, name } = row;
  return row.type === 'OIDC'
    ? { poolId, name, type: 'OIDC', settings: oidcSettings.parse(row.settings) }
    : { poolId, name, type: 'SAML', settings: samlSettings.parse(row.settings) };
}

export async function findProvider(
  db: IdentityDb,
  poolId: string,
  name: string,
): Promise<Provider | undefined> {
  const [row] = await db
    .select()
    .from(identityProviders)
    .where(and(eq(identityProviders.poolId, poolId), eq(identityProviders.name, name)));
  return row && parse(row);
}

/**
 * The provider an authorize request goes to: the one it names, or, for a client whose name starts with
 * `oidc` or `saml` (the spec's single sign-on storefronts), the pool's first provider of that kind.
 * Undefined means the pool's own sign-in page.
 */
export async function providerFor(
  db: IdentityDb,
  pool: Pool,
  client: Client,
  requested: string | undefined,
): Promise<Provider | 'unknown' | undefined> {
  if (requested && requested !== 'COGNITO') return (await findProvider(db, pool.id, requested)) ?? 'unknown';
  const kind = /^(oidc|saml)/i.exec(client.name)?.[1]?.toUpperCase() as Provider['type'] | undefined;
  if (requested === 'COGNITO' || !kind) return undefined;
  const [row] = await db
    .select()
    .from(identityProviders)
    .where(and(eq(identityProviders.poolId, pool.id), eq(identityProviders.type, kind)))
    .orderBy(asc(identityProviders.name))
    .limit(1);
  return row ? parse(row) : 'unknown';
}
