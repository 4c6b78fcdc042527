import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CatalogPage, CrmType, DomainDetails, QuoteItems } from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, type Caller, crmCall, freePort, localStorefront } from './instances';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Embedded {
  baseUrl: string;
  port: number;
  process: ChildProcess;
}

/** A storefront from source on its own PGlite data dir, as `npm start` runs it. */
async function startEmbedded(dataDir: string): Promise<Embedded> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      GATEWAY_API_KEY: API_KEY,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  // localhost is the guest storefront; 127.0.0.1 is the sign-in-only partner portal.
  const baseUrl = `http://localhost:${port}`;
  for (let waited = 0; waited < 170_000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`the storefront exited (${child.exitCode}): ${stderr}`);
    if (
      await fetch(`${baseUrl}/health/ready`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { baseUrl, port, process: child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`the storefront was not ready (/health/ready): ${stderr}`);
}

async function stop(server: Embedded | undefined): Promise<void> {
  const child = server?.process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup` / `npm run restore` with these arguments and environment. */
async function command(
  name: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<CommandRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', `server/src/${name}-command.ts`, ...args], {
    cwd: root,
    env: { ...withoutOperationsToken(process.env), ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

/** The commands read the token a running storefront left beside its data unless OPERATIONS_TOKEN is set. */
function withoutOperationsToken(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { OPERATIONS_TOKEN: _, ...rest } = env;
  return rest;
}

describe('backing up and restoring the embedded database', () => {
  let dirs: string;
  let live: Embedded | undefined;
  let restored: Embedded | undefined;
  let storefront: DomainDetails;
  const shoppers: Caller[] = [0, 1].map(() => ({ guestCart: randomBytes(32).toString('base64url') }));
  const cartsBefore: QuoteItems[] = [];

  const guest = <T = QuoteItems>(baseUrl: string, type: CrmType, payload: object, shopper: Caller) =>
    crmCall<T>(
      baseUrl,
      type,
      { storefrontId: storefront.storefrontId, accountId: storefront.guestAccountId, ...payload },
      shopper,
    );

  /** The shopper's cart as the cart page reads it: the active quote, then its lines. */
  async function cartAt(baseUrl: string, shopper: Caller): Promise<QuoteItems> {
    const active = await guest<{ quote: { id: string } | null }>(baseUrl, 'getActiveQuote', {}, shopper);
    const quoteid = active.content.quote?.id;
    if (!quoteid) throw new Error(`no cart at ${baseUrl}: ${JSON.stringify(active)}`);
    return (await guest(baseUrl, 'getQuoteItems', { quoteid }, shopper)).content;
  }

  /** What the shopper sees of a cart: its lines with quantities and prices, and its totals. */
  const seen = ({ quote, lines }: QuoteItems) => ({
    id: quote.id,
    subtotal: quote.subtotal,
    total: quote.total,
    lines: lines.map(({ sku, qty, unitPrice, lineTotal }) => ({ sku, qty, unitPrice, lineTotal })),
  });

  beforeAll(async () => {
    dirs = await mkdtemp(join(tmpdir(), 'storefront-backup-'));
    live = await startEmbedded(join(dirs, 'live'));
    storefront = await localStorefront(live.baseUrl);
    const page = await crmCall<CatalogPage>(live.baseUrl, 'retrieveCatalogNG', {
      storefrontId: storefront.storefrontId,
      accountId: storefront.guestAccountId,
      pageSize: 3,
    });
    const [first, second, third] = page.content.items.map((item) => item.id);
    const [one, two] = shoppers as [Caller, Caller];
    await guest(live.baseUrl, 'saveItemToQuoteBlink', { catalogItemId: first, qty: 2 }, one);
    await guest(live.baseUrl, 'saveItemToQuoteBlink', { catalogItemId: second, qty: 3 }, one);
    await guest(live.baseUrl, 'saveItemToQuoteBlink', { catalogItemId: third, qty: 7 }, two);
    const cart = await cartAt(live.baseUrl, two);
    await guest(
      live.baseUrl,
      'updateQLI',
      { quoteId: cart.quote.id, lines: [{ id: cart.lines[0]?.id, qty: 4 }] },
      two,
    );
    for (const shopper of shoppers) cartsBefore.push(await cartAt(live.baseUrl, shopper));
  }, 240_000);

  afterAll(async () => {
    await Promise.all([stop(live), stop(restored)]);
    if (dirs) await rm(dirs, { recursive: true, force: true });
  }, 60_000);

  it('tells its operator the memory it holds, PGlite’s within its configured buffers', async () => {
    if (!live) throw new Error('no storefront');
    const token = (await readFile(join(dirs, 'live', 'operations-token'), 'utf8')).trim();
    const response = await fetch(`${live.baseUrl}/operations/memory`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const memory = (await response.json()) as { rss: number; heapUsed: number; pgliteWasm: number };
    expect(memory.rss).toBeGreaterThan(memory.heapUsed);
    // 32 MB of shared buffers: Postgres's default 128 MB made it 189 MB.
    expect(memory.pgliteWasm / 1024 / 1024).toBeLessThanOrEqual(160);
    expect((await fetch(`${live.baseUrl}/operations/memory`)).status).toBe(401);
  });

  it('restores a backup taken while the storefront runs into a new data dir that serves the same carts', async () => {
    if (!live) throw new Error('no storefront');
    expect(cartsBefore.map((cart) => cart.lines.length)).toEqual([2, 1]);
    const file = join(dirs, 'online.tar.gz');
    const backup = await command('backup', ['--out', file], {
      DATA_DIR: join(dirs, 'live'),
      PORT: String(live.port),
    });
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toContain(`by the running storefront (process ${live.process.pid})`);
    expect(backup.code).toBe(0);

    const restore = await command('restore', [file, '--data-dir', join(dirs, 'restored')], {});
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    restored = await startEmbedded(join(dirs, 'restored'));
    for (const [index, shopper] of shoppers.entries())
      expect(seen(await cartAt(restored.baseUrl, shopper))).toEqual(seen(cartsBefore[index] as QuoteItems));
  }, 240_000);

  it('says what stands in the way, without a stack trace: a wrong token, a data dir in use, one not empty', async () => {
    if (!live || !restored) throw new Error('no storefronts');
    const wrongToken = await command('backup', ['--out', join(dirs, 'refused.tar.gz')], {
      DATA_DIR: join(dirs, 'live'),
      PORT: String(live.port),
      OPERATIONS_TOKEN: randomBytes(32).toString('base64url'),
    });
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.stderr).toContain('refused the operations token (401)');
    expect(existsSync(join(dirs, 'refused.tar.gz'))).toBe(false);

    const inUse = await command(
      'restore',
      [join(dirs, 'online.tar.gz'), '--data-dir', join(dirs, 'live')],
      {},
    );
    expect(inUse.code).toBe(1);
    expect(inUse.stderr).toContain(`is in use by process ${live.process.pid}: stop the storefront first`);

    await stop(restored);
    const notEmpty = await command(
      'restore',
      [join(dirs, 'online.tar.gz'), '--data-dir', join(dirs, 'restored')],
      {},
    );
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.stderr).toContain('is not empty: add --force');

    const noDatabase = await command('backup', [], { DATA_DIR: join(dirs, 'nothing-here') });
    expect(noDatabase.code).toBe(1);
    expect(noDatabase.stderr).toContain('There is no embedded database in');
    const onPostgres = await command('backup', [], { DATABASE_URL: 'postgres://storefront@127.0.0.1:1/x' });
    expect(onPostgres.code).toBe(1);
    expect(onPostgres.stderr).toContain('back it up with pg_dump -Fc');

    const notABackup = await command(
      'restore',
      [join(root, 'package.json'), '--data-dir', join(dirs, 'new')],
      {},
    );
    expect(notABackup.code).toBe(1);
    expect(notABackup.stderr).toContain('is not a backup from npm run backup');
    expect(existsSync(join(dirs, 'new'))).toBe(false);

    for (const run of [wrongToken, inUse, notEmpty, noDatabase, onPostgres, notABackup])
      expect(run.stderr).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('backs up a stopped storefront and restores it over an existing data dir with --force', async () => {
    await stop(live);
    const file = join(dirs, 'offline.tar.gz');
    const backup = await command('backup', ['--out', file], { DATA_DIR: join(dirs, 'live') });
    expect(backup.stderr).toBe('');
    expect(backup.stdout).not.toContain('running storefront');
    expect(backup.code).toBe(0);

    const restore = await command('restore', [file, '--data-dir', join(dirs, 'restored'), '--force'], {});
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    restored = await startEmbedded(join(dirs, 'restored'));
    for (const [index, shopper] of shoppers.entries())
      expect(seen(await cartAt(restored.baseUrl, shopper))).toEqual(seen(cartsBefore[index] as QuoteItems));
  }, 240_000);
});
