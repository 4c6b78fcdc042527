import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { lockDataDir, lockHolder } from './lock';
import { observedPglite, observedPostgres, QueryActivity } from './observed';

/** One service's migrations: its folder and the table (in drizzle's `drizzle` schema) that tracks them. */
export interface MigrationSet {
  folder: string;
  table: string;
}

/** The one database every service of the process shares; each brings its own schema and migrations. */
export interface Database {
  engine: 'pglite' | 'postgres';
  /** A drizzle instance over the one shared connection, typed by a service's schema (casing snake_case). */
  drizzle<S extends Record<string, unknown>>(schema: S): PgDatabase<PgQueryResultHKT, S>;
  /** Applies one service's migrations folder, tracked in its own migrations table; safe when several processes start at once. */
  migrate(set: MigrationSet): Promise<void>;
  /**
   * Runs `run` while no other process runs its own on this database: a start-up that migrates, seeds and adds
   * demo records checks what exists, then writes, so two instances starting together must take turns.
   */
  exclusively<T>(run: () => Promise<T>): Promise<T>;
  /** Resolves when the database answers a query now; readiness asks it. */
  ping(): Promise<void>;
  /** What the engine is doing now, for the metrics. */
  activity(): DatabaseActivity;
  /**
   * PGlite only: the data dir as a gzipped tarball, taken while no transaction is open and right after a
   * checkpoint, so it opens without recovery. PostgreSQL is backed up with its own pg_dump.
   */
  backup?: () => Promise<Blob>;
  /** PGlite only: the bytes of its WebAssembly memory, which grows as Postgres needs and never shrinks. */
  wasmMemoryBytes?: () => number;
  close(): Promise<void>;
}

export interface DatabaseActivity {
  /** Queries sent and not answered yet: running, or waiting for the engine or a free connection. */
  queriesInProgress: number;
  /** How many queries may run at once: PGlite's one engine, or the PostgreSQL pool's connections. */
  connections: number;
}

export interface OpenDatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise PGlite is used. */
  databaseUrl?: string;
  /** PGlite data dir, created if missing; undefined keeps the database in memory (tests). */
  dataDir?: string;
  /** PGlite: a backup (from `backup`) to fill the new, empty `dataDir` with. */
  loadDataDir?: Blob;
  /** How long PostgreSQL may take to accept a connection and answer; default DEFAULT_CONNECT_TIMEOUT_MS. */
  connectTimeoutMs?: number;
}

/** postgres.js waits 30 s per attempt by default; a start-up should say much sooner that nothing answers. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/** PostgreSQL could not be reached, did not answer in time, or refused the connection. */
export class DatabaseConnectError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DatabaseConnectError';
  }
}

/** A database URL fit for a log or a message: its password replaced. */
export function redactDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.href;
  } catch {
    return '(an unparseable URL)';
  }
}

/** Named when the CRM alone owned the data dir; kept so an older build and this one still exclude each other. */
const DATA_DIR_LOCK_FILE = 'crm.lock';

/** The live process that has the PGlite data dir open, or null when none has. */
export function dataDirHolder(dataDir: string): number | null {
  return lockHolder(lockFileOf(dataDir));
}

const lockFileOf = (dataDir: string) => join(dataDir, DATA_DIR_LOCK_FILE);

/** Whether `dir` holds a PostgreSQL data dir (PGlite's files), not merely exists. */
export function isDataDir(dir: string): boolean {
  return existsSync(join(dir, 'PG_VERSION'));
}

/** Opens the engine; services then apply their migrations with `migrate` and query through `drizzle`. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const connectTimeoutMs = opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, connectTimeoutMs)
    : openPglite(opts.dataDir, opts.loadDataDir);
}

type PostgresOptions = postgres.Options<Record<string, postgres.PostgresType>>;

/** Connects now, so a host that does not answer fails the opening within the timeout, not a later query. */
async function openPostgres(url: string, connectTimeoutMs: number): Promise<Database> {
  // postgres.js counts in seconds; it bounds each later (re)connection, the race below also the DNS lookup.
  const options: PostgresOptions = {
    onnotice: ignoreNotice,
    connect_timeout: connectTimeoutMs / 1000,
    max: POSTGRES_CONNECTIONS,
  };
  const client = postgres(url, options);
  const activity = new QueryActivity();
  const observed = observedPostgres(client, activity);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${connectTimeoutMs} ms`)), connectTimeoutMs);
  });
  try {
    await Promise.race([client`select 1`, deadline]);
  } catch (error) {
    await client.end({ timeout: 0 });
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseConnectError(`could not connect to ${redactDatabaseUrl(url)}: ${reason}`, {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }
  return {
    engine: 'postgres',
    drizzle: (schema) => drizzlePostgres({ client: observed, schema, casing: 'snake_case' }),
    migrate: (set) =>
      holdingAdvisoryLock(url, options, MIGRATION_LOCK_KEY, (locked) =>
        migratePostgres(drizzlePostgres({ client: locked, casing: 'snake_case' }), {
          migrationsFolder: set.folder,
          migrationsTable: set.table,
        }),
      ),
    exclusively: (run) => holdingAdvisoryLock(url, options, EXCLUSIVE_LOCK_KEY, () => run()),
    ping: async () => {
      await client`select 1`;
    },
    activity: () => ({ queriesInProgress: activity.inProgress, connections: POSTGRES_CONNECTIONS }),
    close: () => client.end(),
  };
}

/** postgres.js's own default, named so the metrics can say how many queries may run at once. */
const POSTGRES_CONNECTIONS = 10;

/** Any constants work; each only has to be the same for every process opening this database. */
const MIGRATION_LOCK_KEY = 7_310_114;
const EXCLUSIVE_LOCK_KEY = 7_310_115;

/**
 * Several instances may start together on one database: a session advisory lock on a connection of its own
 * lets one go on while the others wait. The lock ends with that connection, also when the process dies.
 */
async function holdingAdvisoryLock<T>(
  url: string,
  options: PostgresOptions,
  key: number,
  run: (locked: postgres.Sql) => Promise<T>,
): Promise<T> {
  const client = postgres(url, { ...options, max: 1 });
  try {
    await client`select pg_advisory_lock(${key})`;
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Runs the functions given to it one after another, each after the previous one settled. */
function oneAtATime(): <T>(run: () => Promise<T>) => Promise<T> {
  let previous: Promise<unknown> = Promise.resolve();
  return (run) => {
    const done = previous.then(run);
    previous = done.catch(() => {});
    return done;
  };
}

/** Migrations use IF NOT EXISTS; their "already exists, skipping" notices are noise. */
const ignoreNotice = () => {};

/**
 * PGlite's memory is WebAssembly memory: it grows as Postgres allocates and never shrinks. Postgres's defaults
 * (128 MB of shared buffers, 64 MB for index builds) are sized for a server of its own; the embedded database
 * holds a few tens of MB, which the operating system's file cache keeps as well, so smaller buffers cost
 * little and keep the process within its budget (docs/decisions/0047-memory-budget-and-backups.md).
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB', 'maintenance_work_mem=16MB', 'temp_buffers=4MB'];

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const lock = dataDir === undefined ? null : lockDataDir(lockFileOf(dataDir), dataDir);
  try {
    const engine = await PGlite.create(dataDir, {
      extensions: { pg_trgm },
      loadDataDir,
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
    });
    // A backup carries the lock file of the process that took it: this process holds the dir now.
    if (loadDataDir && dataDir !== undefined) writeFileSync(lockFileOf(dataDir), String(process.pid));
    const activity = new QueryActivity();
    const client = observedPglite(engine, activity);
    // The data-dir lock keeps other processes out; inside this one, each kind of work takes its turn.
    const inTurnMigrating = oneAtATime();
    const inTurnExclusive = oneAtATime();
    return {
      engine: 'pglite',
      drizzle: (schema) => drizzlePglite({ client, schema, casing: 'snake_case' }),
      migrate: (set) =>
        inTurnMigrating(() =>
          migratePglite(drizzlePglite({ client, casing: 'snake_case' }), {
            migrationsFolder: set.folder,
            migrationsTable: set.table,
          }),
        ),
      exclusively: (run) => inTurnExclusive(run),
      ping: async () => {
        await engine.query('select 1');
      },
      activity: () => ({ queriesInProgress: activity.inProgress, connections: 1 }),
      // A transaction holds PGlite's transaction turn: every other query and transaction waits until the
      // tarball is taken, and the checkpoint first writes every committed change into the data files.
      backup: () =>
        engine.transaction(async (tx) => {
          await tx.exec('CHECKPOINT');
          return engine.dumpDataDir('gzip');
        }),
      wasmMemoryBytes: () => engine.Module.HEAPU8.byteLength,
      close: async () => {
        try {
          await engine.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
