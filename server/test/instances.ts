import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { once } from 'node:events';
import { createConnection, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  CRM_TYPES,
  type CrmType,
  crmEndpoint,
  type DomainDetails,
  type Envelope,
} from '@storefront/contracts';
import postgres from 'postgres';

/** Several storefront processes on one PostgreSQL database and one Redis, as behind a load balancer. */

const root = fileURLToPath(new URL('../..', import.meta.url));
const POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
export const API_KEY = 'da2-bionova-storefront-local';

/** What is not reachable, named for the skip message; null when PostgreSQL and Redis both answer. */
export async function missingServices(): Promise<string | null> {
  const missing: string[] = [];
  const postgresMissing = await missingPostgres();
  if (postgresMissing) missing.push(postgresMissing);
  if (!(await redisAnswers(new URL(REDIS_URL))))
    missing.push(`Redis at ${redact(REDIS_URL)} (TEST_REDIS_URL)`);
  return missing.length > 0 ? missing.join(' and ') : null;
}

/** PostgreSQL at TEST_DATABASE_URL, named for the skip message; null when it answers. */
export async function missingPostgres(): Promise<string | null> {
  const sql = postgres(POSTGRES_URL, { max: 1, connect_timeout: 3, onnotice: () => {} });
  const answers = await sql`select 1`.then(
    () => true,
    () => false,
  );
  await sql.end();
  return answers ? null : `PostgreSQL at ${redact(POSTGRES_URL)} (TEST_DATABASE_URL)`;
}

async function redisAnswers(url: URL): Promise<boolean> {
  const socket = createConnection({ host: url.hostname, port: Number(url.port || 6379) });
  socket.setTimeout(3000, () => socket.destroy());
  try {
    await once(socket, 'connect');
    socket.write('PING\r\n');
    const [reply] = (await once(socket, 'data')) as [Buffer];
    return /^(\+PONG|-NOAUTH)/.test(reply.toString());
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface Instance {
  baseUrl: string;
  process: ChildProcess;
}

export interface Instances {
  instances: Instance[];
  stop(): Promise<void>;
}

/**
 * Starts `count` servers from source at once on a new PostgreSQL database, sharing Redis and the secrets the
 * cluster script shares, as `npm run start:cluster` runs them behind its load balancer.
 */
export async function startInstances(count: number): Promise<Instances> {
  const database = await createTestDatabase();
  // A database number of its own keeps this run's shared state apart from other runs on the same Redis.
  const redisUrl = new URL(REDIS_URL);
  redisUrl.pathname = `/${randomInt(1, 16)}`;
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl.toString(),
    // The load balancer's port: the issuer every instance names in its tokens.
    PUBLIC_PORT: String(await freePort()),
    IDENTITY_ADMIN_ACCESS_KEY_ID: `AKIA${randomBytes(8).toString('hex').toUpperCase()}`,
    IDENTITY_ADMIN_SECRET_ACCESS_KEY: randomBytes(32).toString('base64url'),
    PAYMENTS_SECRET: randomBytes(32).toString('base64url'),
    AVATAX_ACCOUNT_ID: String(randomInt(1_000_000_000, 2_000_000_000)),
    AVATAX_LICENSE_KEY: randomBytes(16).toString('hex').toUpperCase(),
    GATEWAY_API_KEY: API_KEY,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  const instances: Instance[] = [];
  for (let index = 0; index < count; index++) {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, ...shared, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    instances.push({ baseUrl: `http://localhost:${port}`, process: child });
  }
  const stop = async () => {
    await Promise.all(instances.map(({ process: child }) => stopProcess(child)));
    await database.drop();
  };
  try {
    await Promise.all(instances.map(waitUntilReady));
  } catch (error) {
    await stop();
    throw error;
  }
  return { instances, stop };
}

/** Until the instance's start-up is done and its database answers: readiness, not mere liveness. */
export async function waitUntilReady({ baseUrl, process: child }: Instance): Promise<void> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  for (let waited = 0; waited < 150_000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`${baseUrl} exited (${child.exitCode}): ${stderr}`);
    const ready = await fetch(`${baseUrl}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${baseUrl} did not become ready: ${stderr}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** A new, empty database of its own on TEST_DATABASE_URL's server, and how to drop it afterwards. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_cluster_${randomBytes(6).toString('hex')}`;
  await withAdmin((sql) => sql`create database ${sql(name)}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin((sql) => sql`drop database if exists ${sql(name)} with (force)`),
  };
}

async function withAdmin(run: (sql: postgres.Sql) => Promise<unknown>): Promise<void> {
  const sql = postgres(POSTGRES_URL, { max: 1, onnotice: () => {} });
  try {
    await run(sql);
  } finally {
    await sql.end();
  }
}

/** The storefront a server answers for `localhost`, as the browser's first request asks for it. */
export async function localStorefront(baseUrl: string): Promise<DomainDetails> {
  const response = await fetch(`${baseUrl}/api/domain`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ hostname: 'localhost' }),
  });
  if (!response.ok) throw new Error(`${baseUrl} answers no storefront for localhost (${response.status})`);
  return (await response.json()) as DomainDetails;
}

export interface Caller {
  /** A signed-in user's access token; a guest without. */
  token?: string;
  /** A guest cart's secret, as the storefront sends it from its cookie. */
  guestCart?: string;
}

/** One root field of the gateway at an instance, as the storefront's pages call it: its envelope parsed. */
export async function askGateway<T>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown>,
  caller: Caller = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-api-key': API_KEY };
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  if (caller.guestCart) headers['x-guest-cart'] = caller.guestCart;
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Record<string, string | null>; errors?: unknown[] };
  const answer = body.data && Object.values(body.data)[0];
  if (!answer) throw new Error(`HTTP ${response.status}: ${JSON.stringify(body.errors)}`);
  return JSON.parse(answer) as Envelope<T>;
}

const MAKE_CALL = 'query Call($data: AWSJSON) { salesforceActions(action: "makeCall", data: $data) }';

/** A CRM type through the gateway's makeCall at an instance, as the storefront sends it (GET: as parameters). */
export function crmCall<T>(
  baseUrl: string,
  type: CrmType,
  payload: Record<string, unknown>,
  caller: Caller = {},
): Promise<Envelope<T>> {
  const call =
    CRM_TYPES[type].method === 'GET'
      ? {
          callType: 'GET',
          endpoint: crmEndpoint(
            type,
            Object.fromEntries(Object.entries(payload).map(([name, value]) => [name, String(value)])),
          ),
        }
      : { callType: 'POST', endpoint: crmEndpoint(type), payload: JSON.stringify(payload) };
  return askGateway<T>(baseUrl, MAKE_CALL, { data: JSON.stringify(call) }, caller);
}
