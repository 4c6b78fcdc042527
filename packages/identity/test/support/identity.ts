import type { AddressInfo } from 'node:net';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { serve } from '@hono/node-server';
import type { Database } from '@storefront/database';
import type { TestEngine } from '@storefront/database/testing';
import type { Hono } from 'hono';
import { expect } from 'vitest';
import type { IdentityAppOptions } from '../../src/app';
import { outboxFor } from '../../src/mail/outbox';
import type { PoolDefinition } from '../../src/provisioning';
import { ADMIN, createTestIdentityApp, POOL, provisionIdentity } from '../../src/testing';

export { ADMIN, POOL };

export const PASSWORD = 'Corr3ct-horse!';

/** A clock the tests move by hand, starting at the real time (Amplify and SigV4 compare with it). */
export interface Clock {
  now(): Date;
  advance(ms: number): void;
}

export interface ServedIdentity {
  database: Database;
  app: Hono;
  baseUrl: string;
  clock: Clock;
  /** Unsigned, as browsers call the public operations. */
  client: CognitoIdentityProviderClient;
  /** Signed with the admin credentials. */
  admin: CognitoIdentityProviderClient;
  /**
   * Replaces the app behind the port with a new one on the same database, as a restarted (or another)
   * instance: whatever the old one kept in memory is gone.
   */
  restart(): void;
  /** The newest code sent to a user of the test pool. */
  lastCode(username: string, kind?: string): Promise<string>;
  close(): Promise<void>;
}

/** The identity app on a database of the engine, served on a real port (Amplify and the SDK use sockets). */
export async function serveIdentity(
  engine: TestEngine,
  options: Partial<Omit<IdentityAppOptions, 'database' | 'issuerBase'>> & { pools?: PoolDefinition[] } = {},
): Promise<ServedIdentity> {
  const { pools, ...appOptions } = options;
  const database = await engine.open();
  await provisionIdentity(database, pools);
  let offset = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offset), advance: (ms) => (offset += ms) };

  let app: Hono | undefined;
  const server = serve({
    fetch: (request, env) => (app as Hono).fetch(request, env),
    port: 0,
    hostname: '127.0.0.1',
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const start = () => createTestIdentityApp({ database, issuerBase: baseUrl, now: clock.now, ...appOptions });
  app = start();
  const sdk = (credentials: { accessKeyId: string; secretAccessKey: string }) =>
    new CognitoIdentityProviderClient({
      endpoint: `${baseUrl}/`,
      region: 'us-east-1',
      credentials,
      maxAttempts: 1,
    });
  return {
    database,
    get app() {
      return app as Hono;
    },
    baseUrl,
    clock,
    client: sdk({ accessKeyId: 'unused', secretAccessKey: 'unused' }),
    admin: sdk(ADMIN),
    restart: () => {
      app = start();
    },
    lastCode: async (username, kind) => {
      const entry = (await outboxFor(database, POOL.poolId, username)).find((e) => !kind || e.kind === kind);
      if (!entry) throw new Error(`no message for ${username}`);
      return entry.code;
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}

/** Awaits a call that must fail with a typed SDK exception (and, when given, Cognito's exact message). */
export async function expectException(
  call: Promise<unknown>,
  name: string,
  message?: string | RegExp,
): Promise<void> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected ${name}`).toBeInstanceOf(Error);
  expect((error as Error).name).toBe(name);
  if (message !== undefined) expect((error as Error).message).toMatch(message);
}
