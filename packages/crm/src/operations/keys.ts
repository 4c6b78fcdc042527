import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { OPERATIONS_KEY_PREFIX } from '@storefront/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { storefronts } from '../core/tables';
import type { CrmDb } from '../db/open';
import { operationsKeys } from './tables';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const KEY_PATTERN = new RegExp(`^${OPERATIONS_KEY_PREFIX}([A-Za-z0-9]{16})_([A-Za-z0-9_-]{43})$`);

export interface OperationsCaller {
  keyId: string;
  name: string;
  storefrontId: string;
  organisationId: string;
}

/** Makes a key for the storefront; the answer is the only time its secret is seen. */
export async function createOperationsKey(db: CrmDb, storefrontId: string, name: string): Promise<string> {
  const id = randomBytes(12).toString('base64url').replace(/[-_]/g, '').slice(0, 16).padEnd(16, '0');
  const secret = randomBytes(32).toString('base64url');
  await db.insert(operationsKeys).values({ id, storefrontId, name, secretSha256: sha256(secret) });
  return `${OPERATIONS_KEY_PREFIX}${id}_${secret}`;
}

/** The caller a bearer key names, or null for a malformed, unknown, revoked or wrong key. */
export async function authenticateOperationsKey(db: CrmDb, bearer: string): Promise<OperationsCaller | null> {
  const match = KEY_PATTERN.exec(bearer);
  if (!match?.[1] || !match[2]) return null;
  const [key] = await db
    .select({
      keyId: operationsKeys.id,
      name: operationsKeys.name,
      secretSha256: operationsKeys.secretSha256,
      storefrontId: operationsKeys.storefrontId,
      organisationId: storefronts.organisationId,
    })
    .from(operationsKeys)
    .innerJoin(storefronts, eq(storefronts.id, operationsKeys.storefrontId))
    .where(and(eq(operationsKeys.id, match[1]), isNull(operationsKeys.revokedAt)));
  if (!key) return null;
  const given = Buffer.from(sha256(match[2]), 'hex');
  if (!timingSafeEqual(given, Buffer.from(key.secretSha256, 'hex'))) return null;
  const { secretSha256: _, ...caller } = key;
  return caller;
}
