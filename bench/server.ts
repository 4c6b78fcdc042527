import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BenchServer {
  baseUrl: string;
  /** The server's own process, whose memory the soak benchmark reads. */
  pid: number;
  stop(): Promise<void>;
}

/** Until start-up is done and the database answers (readiness; /health answers from the first moment). */
async function waitUntilReady(baseUrl: string, child: ChildProcess): Promise<void> {
  // Seeding a fresh database takes far longer than two minutes on a machine that other work keeps busy.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The server was not ready (/health/ready) within 5 minutes');
}

/** The server on `dataDir` (or what `env` names instead), once it is ready. */
async function spawnServer(
  port: number,
  dataDir: string,
  env: Record<string, string>,
): Promise<ChildProcess> {
  // As npm start runs it, with its memory settings (docs/decisions/0047-memory-budget-and-backups.md).
  const child = spawn('bash', ['scripts/serve.sh'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilReady(`http://localhost:${port}`, child);
  return child;
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Starts the production server (compiled by `npm run build`) in its own process on a fresh embedded database,
 * or on what `env` names instead (DATABASE_URL). With `restarted`, a first start migrates and seeds and stops,
 * and the server measured starts on that database, as it runs from day to day.
 */
export async function startBenchServer(
  port: number,
  env: Record<string, string> = {},
  { restarted = false } = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-'));
  if (restarted) await stopServer(await spawnServer(port, dataDir, env));
  const child = await spawnServer(port, dataDir, env);
  return {
    baseUrl: `http://localhost:${port}`,
    pid: child.pid ?? 0,
    stop: async () => {
      await stopServer(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
