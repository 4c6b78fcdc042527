import type { Database } from '@storefront/database';
import type { Hono } from 'hono';
import { createIdentityApp, type IdentityAppOptions } from './app';
import { migrateIdentity } from './db/database';
import { ensureUserPool, type PoolDefinition } from './provisioning';

/** The user pool tests provision unless they name others. */
export const POOL: PoolDefinition = {
  poolId: 'us-east-1_TestPool1',
  name: 'Test pool',
  clientId: 'testclient1',
  clientName: 'storefront',
  callbackUrls: ['http://localhost:5173/'],
  logoutUrls: ['http://localhost:5173/login'],
};

/** The SigV4 credentials the test identity app wants admin operations signed with. */
export const ADMIN = {
  accessKeyId: 'AKIATESTADMIN0001',
  secretAccessKey: 'test-admin-secret-0123456789abcdef',
  region: 'us-east-1',
};

/** Migrates the identity schema on a test database and provisions the pools (POOL unless given). */
export async function provisionIdentity(database: Database, pools: PoolDefinition[] = [POOL]): Promise<void> {
  await migrateIdentity(database);
  for (const pool of pools) await ensureUserPool(database, pool);
}

export type TestIdentityAppOptions = Pick<IdentityAppOptions, 'database' | 'issuerBase'> &
  Partial<IdentityAppOptions>;

/** The identity app in test mode, with the ADMIN credentials and a logger that reports errors only. */
export function createTestIdentityApp(options: TestIdentityAppOptions): Hono {
  return createIdentityApp({
    adminCredentials: ADMIN,
    mode: 'test',
    logger: { info: () => {}, warn: () => {}, error: (o, m) => console.error(m, o) },
    ...options,
  });
}
