import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** From the "connecting to" line to the exit. */
  waitedMs: number;
}

/** Starts the server as `npm start` does, with `env` added, and waits (bounded) for it to exit. */
async function startServer(env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '3800', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), 50_000);
  let stdout = '';
  let stderr = '';
  let connectingAt = Number.NaN;
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk;
    if (Number.isNaN(connectingAt) && stdout.includes('connecting to')) connectingAt = performance.now();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(killer);
  return { code, stdout, stderr, waitedMs: performance.now() - connectingAt };
}

describe('start-up against a database host that does not answer', () => {
  let silent: Server;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // Accepts connections and never says a word, like a firewalled or hung PostgreSQL.
    silent = createServer((socket) => sockets.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    silent.close();
  });

  it('says where it connects, then stops within DATABASE_CONNECT_TIMEOUT_MS naming DATABASE_URL', async () => {
    const address = silent.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const databaseUrl = `postgres://storefront:s3cret-pw@127.0.0.1:${address.port}/storefront`;
    const run = await startServer({ DATABASE_URL: databaseUrl, DATABASE_CONNECT_TIMEOUT_MS: '500' });

    const shown = `postgres://storefront:***@127.0.0.1:${address.port}/storefront`;
    expect(run.stdout).toContain(`connecting to ${shown} …`);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `The storefront could not start: DATABASE_URL: could not connect to ${shown}: no answer within 500 ms.`,
    );
    expect(run.stderr).toContain('DATABASE_CONNECT_TIMEOUT_MS');
    expect(run.waitedMs).toBeLessThan(5_000);
    expect(`${run.stdout}${run.stderr}`).not.toContain('s3cret-pw');
    expect(run.stdout).not.toContain('listening');
  }, 60_000);
});

describe('start-up against a Redis that does not answer', () => {
  let silent: Server;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // Accepts connections and never says a word, like a firewalled or hung Redis.
    silent = createServer((socket) => sockets.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    silent.close();
  });

  it('says where it connects, then stops naming REDIS_URL, without its password', async () => {
    const address = silent.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const run = await startServer({ REDIS_URL: `redis://:s3cret-pw@127.0.0.1:${address.port}` });

    const shown = `redis://:***@127.0.0.1:${address.port}`;
    expect(run.stdout).toContain(`connecting to ${shown} …`);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `The storefront could not start: REDIS_URL: Redis at ${shown} did not answer`,
    );
    expect(`${run.stdout}${run.stderr}`).not.toContain('s3cret-pw');
    expect(run.stdout).not.toContain('listening');
  }, 60_000);
});
