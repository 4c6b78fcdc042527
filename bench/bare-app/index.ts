/**
 * The benchmarks' anchor: a truly bare React Router app, built from the workspace's own react, react-dom,
 * react-router, @react-router/node, @react-router/dev, vite and hono (one route, one static paragraph, no loader)
 * and served by serve.ts in a process of its own, as the storefront's server is, so neither shares an event loop
 * with the load generator.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const appDir = fileURLToPath(new URL('.', import.meta.url));
const repoDir = fileURLToPath(new URL('../../', import.meta.url));
/** What the bare app's one page says; checked before it is measured. */
export const BARE_APP_TEXT = 'This page has no data.';

export interface BareApp {
  baseUrl: string;
  stop(): Promise<void>;
}

/** `react-router build` in bench/bare-app, with the workspace's CLI: the output goes to bench/bare-app/build. */
export async function buildBareApp(): Promise<void> {
  const cli = `${repoDir}node_modules/.bin/react-router`;
  try {
    await promisify(execFile)(cli, ['build'], {
      cwd: appDir,
      env: { ...process.env, NODE_ENV: 'production' },
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`The bare app did not build:\n${stdout}${stderr}`);
  }
}

async function waitForPage(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The bare app's server exited with code ${child.exitCode}`);
    const page = await fetch(`${baseUrl}/`).then(
      (response) => (response.ok ? response.text() : ''),
      () => '',
    );
    if (page.includes(BARE_APP_TEXT)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The bare app did not answer at ${baseUrl}/ within a minute`);
}

/**
 * Builds the bare app and serves it on `port` in a child process, with the Node settings scripts/serve.sh gives
 * the storefront (production mode, its heap and young-generation sizes, two malloc arenas): the two differ only
 * in what they run.
 */
export async function startBareApp(port: number): Promise<BareApp> {
  await buildBareApp();
  const child = spawn(
    process.execPath,
    ['--max-old-space-size=256', '--max-semi-space-size=4', '--import', 'tsx', `${appDir}serve.ts`],
    {
      cwd: repoDir,
      env: { ...process.env, NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForPage(baseUrl, child);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
