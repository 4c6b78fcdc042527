import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createCrmApp, openDatabase, seedDemoIfEmpty } from '@storefront/crm';
import { createGateway } from '@storefront/gateway';
import type { ServerBuild } from 'react-router';
import { createServerApp } from './app';
import type { ServerConfig } from './config';
import type { Logger } from './logger';

const buildDir = fileURLToPath(new URL('../../apps/storefront/build/', import.meta.url));

/** A host the embedded CRM answers to inside this process; no socket is opened for it. */
const EMBEDDED_CRM_BASE = 'http://crm.embedded';

export interface DemoStorefront {
  domain: string;
  name: string;
  guest: boolean;
}

export interface Storefront {
  app: ReturnType<typeof createServerApp>;
  demo: DemoStorefront[];
  close(): Promise<void>;
}

async function loadBuild(): Promise<ServerBuild> {
  const entry = `${buildDir}server/index.js`;
  if (!existsSync(entry)) throw new Error(`No storefront build at ${entry}: run "npm run build" first.`);
  return (await import(pathToFileURL(entry).href)) as ServerBuild;
}

/** Opens the database, seeds the demo on first start, and composes CRM, gateway and web. */
export async function startStorefront(config: ServerConfig, logger: Logger): Promise<Storefront> {
  const build = await loadBuild();
  const database = config.crmUrl
    ? undefined
    : await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const seed = database ? await seedDemoIfEmpty(database) : { seeded: false, storefronts: [] };
    if (seed.seeded) logger.info({ storefronts: seed.storefronts.length }, 'demo data seeded');
    const crm = database ? createCrmApp({ db: database, serviceToken: config.crmServiceToken }) : undefined;
    const gateway = createGateway({
      apiKey: config.gatewayApiKey,
      crm: {
        baseUrl: config.crmUrl ?? EMBEDDED_CRM_BASE,
        token: config.crmServiceToken,
        fetch: crm ? (request) => crm.fetch(request) : globalThis.fetch,
      },
      cacheTtlMs: config.cacheTtlMs,
      logger: logger.child({ part: 'gateway' }),
    });
    const app = createServerApp({
      gateway,
      gatewayApiKey: config.gatewayApiKey,
      crm,
      build,
      clientDir: `${buildDir}client`,
      mode: config.env,
      logger,
    });
    return { app, demo: seed.storefronts, close: async () => database?.close() };
  } catch (error) {
    await database?.close();
    throw error;
  }
}
