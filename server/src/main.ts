import { once } from 'node:events';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { type Storefront, startStorefront } from './compose';
import { ConfigError, loadConfig } from './config';
import { createLogger, type Logger } from './logger';
import { type StopTracing, startTracing } from './tracing';

/** How long a shutdown waits for requests in flight before it closes their connections. */
const DRAIN_MS = 10_000;
/** How often a shutdown closes connections that went idle (a keep-alive client between two requests). */
const IDLE_SWEEP_MS = 100;
/**
 * How long an idle keep-alive connection stays open: longer than a load balancer's or proxy's own idle timeout
 * (60 s is the usual), so the client side always closes first. Node's 5 s default races a client that reuses
 * the connection just as the server closes it, and that request fails with ECONNRESET.
 */
const KEEP_ALIVE_MS = 65_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

type FetchHandler = Storefront['app']['fetch'];

/**
 * While the storefront starts (migrations, seed, demo records) the port already answers: /health says the
 * process lives, anything else (readiness included) is a 503 to try again.
 */
const startingUp: FetchHandler = (request) =>
  new URL(request.url).pathname === '/health'
    ? Response.json({ status: 'ok' })
    : Response.json(
        { status: 'starting', message: 'The storefront is starting: try again shortly.' },
        { status: 503, headers: { 'Retry-After': '5' } },
      );

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  const logger = createLogger(config.logLevel);
  const stopTracing = startTracing();

  let handle: FetchHandler = startingUp;
  const server = serve({
    fetch: (request, env) => handle(request, env),
    hostname: config.host,
    port: config.port,
  }) as Server;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // A request's headers must be allowed to take longer than the idle wait before them.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  await once(server, 'listening').catch((error: NodeJS.ErrnoException) => {
    const reason =
      error.code === 'EADDRINUSE' ? `port ${config.port} is in use (set PORT to another one)` : error.message;
    fail(`The storefront could not start: ${reason}.`);
  });

  const starting = startStorefront(config, logger);
  const shutdown = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'shutting down');
    starting
      .then((storefront) => stop(server, storefront, stopTracing, logger))
      .catch(() => {})
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  const storefront = await starting.catch((error: unknown) =>
    fail(`The storefront could not start: ${error instanceof Error ? error.message : String(error)}`),
  );
  handle = storefront.app.fetch;

  logger.info(
    { port: config.port, database: config.databaseUrl ? 'postgresql' : config.dataDir },
    'storefront listening',
  );
  console.log(`\nStorefront ready on port ${config.port}:`);
  for (const served of storefront.storefronts) {
    console.log(
      `  ${served.name} (${served.guest ? 'guest catalogue' : 'sign-in only'}): http://${served.domain}:${config.publicPort}/`,
    );
  }
  if (storefront.storefronts.length === 0)
    console.log(
      '  no storefront yet: make one with npm run storefront -- create (README: Running it for real)',
    );
  if (storefront.demoUsers.length > 0) console.log('\nDemo users (sign in at /login):');
  for (const user of storefront.demoUsers) {
    const signIn =
      user.password === null
        ? `'Sign in with single sign-on', then ${user.username}`
        : `${user.username} / ${user.password}`;
    console.log(`  ${user.storefront}: ${signIn} (${user.role})`);
  }
}

/**
 * Graceful shutdown: readiness turns 503 and answers close their connections; the port stops accepting; the
 * requests in flight finish (at most DRAIN_MS, then their connections are closed); then the database and the
 * shared state close, and the last spans are exported. A write that was answered was committed.
 */
async function stop(
  server: Server,
  storefront: Storefront,
  stopTracing: StopTracing | undefined,
  logger: Logger,
): Promise<void> {
  storefront.stopping();
  const requestsInFlight = storefront.requestsInFlight();
  logger.info({ requestsInFlight }, 'no new connections; finishing the requests in flight');
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const drained = await Promise.race([
    closed.then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), DRAIN_MS);
    }),
  ]);
  clearInterval(sweep);
  clearTimeout(timer);
  if (!drained) {
    logger.warn(
      { waitedMs: DRAIN_MS },
      'requests still in flight at the end of the shutdown: connections closed',
    );
    server.closeAllConnections();
  }
  await storefront.close();
  await stopTracing?.();
  logger.info({ drained }, 'stopped');
}

await main();
