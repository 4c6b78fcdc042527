import { serve } from '@hono/node-server';
import { startStorefront } from './compose';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  const logger = createLogger(config.logLevel);
  const storefront = await startStorefront(config, logger).catch((error: unknown) =>
    fail(`The storefront could not start: ${error instanceof Error ? error.message : String(error)}`),
  );

  const server = serve({ fetch: storefront.app.fetch, hostname: config.host, port: config.port }, (info) => {
    const port = info.port;
    logger.info(
      { port, database: config.databaseUrl ? 'postgresql' : config.dataDir },
      'storefront listening',
    );
    console.log(`\nStorefront ready on port ${port}:`);
    for (const demo of storefront.demo) {
      console.log(
        `  ${demo.name} (${demo.guest ? 'guest catalogue' : 'sign-in only'}): http://${demo.domain}:${config.publicPort}/`,
      );
    }
    if (storefront.demoUsers.length > 0) console.log('\nDemo users (sign in at /login):');
    for (const user of storefront.demoUsers) {
      console.log(`  ${user.storefront}: ${user.username} / ${user.password} (${user.role})`);
    }
  });

  server.once('error', (error: NodeJS.ErrnoException) => {
    const reason =
      error.code === 'EADDRINUSE' ? `port ${config.port} is in use (set PORT to another one)` : error.message;
    storefront.close().finally(() => fail(`The storefront could not start: ${reason}.`));
  });

  const shutdown = () => {
    server.close(() => {
      storefront.close().finally(() => process.exit(0));
    });
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

await main();
