import { createHash, createPublicKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, type JWK } from 'jose';
import type { IdentityDb } from '../db/database';
import { demoProviderKeys } from '../db/schema';

const ROW_ID = 'default';
const VALID_YEARS = 10;

export interface DemoProviderKeys {
  /** PKCS#8 PEM. */
  privateKey: string;
  /** The self-signed X.509 certificate (PEM) a pool federating over SAML is given. */
  certificate: string;
  /** The public key as the provider's JWKS publishes it. */
  jwk: JWK & { kid: string };
}

/**
 * The demo provider's key, made on first use and kept in the database: the first instance to store one wins
 * and every other reads it, so all of them sign alike.
 */
export async function demoProviderKeysOf(db: IdentityDb): Promise<DemoProviderKeys> {
  const [stored] = await db.select().from(demoProviderKeys).where(eq(demoProviderKeys.id, ROW_ID));
  const row = stored ?? (await create(db));
  const kid = createHash('sha256').update(row.certificate).digest('base64url').slice(0, 16);
  const jwk = await exportJWK(createPublicKey(row.privateKey));
  return {
    privateKey: row.privateKey,
    certificate: row.certificate,
    jwk: { ...jwk, kid, alg: 'RS256', use: 'sig' },
  };
}

async function create(db: IdentityDb) {
  // selfsigned builds the certificate SAML needs; it is loaded only the first time, as node-saml is.
  const { generate } = await import('selfsigned');
  const notAfterDate = new Date();
  notAfterDate.setFullYear(notAfterDate.getFullYear() + VALID_YEARS);
  const pems = await generate([{ name: 'commonName', value: 'BioNova demo identity provider' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate,
  });
  await db
    .insert(demoProviderKeys)
    .values({ id: ROW_ID, privateKey: pems.private, certificate: pems.cert })
    .onConflictDoNothing();
  const [row] = await db.select().from(demoProviderKeys).where(eq(demoProviderKeys.id, ROW_ID));
  if (!row) throw new Error('the demo provider key was not stored');
  return row;
}
