import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
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

/** Starts the server as `npm start` does, with `env` added; `exited` waits (bounded) for it to exit. */
function spawnServer(env: Record<string, string>): { child: ChildProcess; exited: Promise<Run> } {
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
  const exited = once(child, 'exit').then(([code]) => {
    clearTimeout(killer);
    return { code: code as number | null, stdout, stderr, waitedMs: performance.now() - connectingAt };
  });
  return { child, exited };
}

const startServer = (env: Record<string, string>): Promise<Run> => spawnServer(env).exited;

/** Sends one HTTP/1.1 request on `socket` and resolves with the status line of its answer. */
async function statusOf(socket: Socket, path: string): Promise<string> {
  if (socket.readyState !== 'open') throw new Error('the server closed the connection');
  const answered = new Promise<string>((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString().split('\r\n')[0] ?? ''));
    socket.once('close', () => reject(new Error('the server closed the connection')));
  });
  socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
  return answered;
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

  it("keeps a client's idle connection open past a load balancer's idle timeout, so reusing it is not reset", async () => {
    const address = silent.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    // While it waits for the database the port already answers /health: the same server, the same sockets.
    const server = spawnServer({
      DATABASE_URL: `postgres://storefront@127.0.0.1:${address.port}/storefront`,
      DATABASE_CONNECT_TIMEOUT_MS: '30000',
    });
    try {
      let socket: Socket | undefined;
      await expect
        .poll(
          async () => {
            socket?.destroy();
            const opened = connect(3800, '127.0.0.1');
            socket = opened;
            opened.on('error', () => {});
            return once(opened, 'connect')
              .then(() => statusOf(opened, '/health'))
              .catch(() => '');
          },
          { timeout: 20_000, interval: 200 },
        )
        .toBe('HTTP/1.1 200 OK');
      // Node's own default closes an idle connection after 5 s (6 s with its grace), racing a client that
      // reuses it (ECONNRESET).
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      expect(await statusOf(socket as Socket, '/health')).toBe('HTTP/1.1 200 OK');
      socket?.destroy();
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
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
