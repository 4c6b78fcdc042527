import type { CrmType, StorefrontRecord } from '@storefront/contracts';
import { crmEndpoint } from '@storefront/contracts';
import type { Hono } from 'hono';
import type { CrmDatabase } from '../../src/db/open';
import { createCrmApp } from '../../src/http/app';
import { seedDemoIfEmpty } from '../../src/seed/seed';
import type { TestEngine } from './databases';

export const TOKEN = 'test-service-token';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** A seeded database on one engine, its CRM app, the demo's ids and typed calls over real HTTP semantics. */
export interface SeededCrm {
  database: CrmDatabase;
  app: Hono;
  ids: {
    storefrontA: string;
    storefrontB: string;
    guest: string;
    halvorsen: string;
    marlowe: string;
    kestrel: string;
  };
  get<T = unknown>(type: CrmType, params?: Record<string, string>): Promise<Answer<T>>;
  post<T = unknown>(type: CrmType, body: unknown): Promise<Answer<T>>;
}

/** Pinned so offer validity does not depend on the day the tests run. */
export const TODAY = new Date('2025-06-15T12:00:00Z');

export async function openSeededCrm(engine: TestEngine): Promise<SeededCrm> {
  const database = await engine.open();
  const seed = await seedDemoIfEmpty(database);
  const app = createCrmApp({ db: database, serviceToken: TOKEN, now: () => TODAY });
  const call = async <T>(path: string, init: RequestInit = {}): Promise<Answer<T>> => {
    const response = await app.request(path, {
      ...init,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    });
    return { status: response.status, body: (await response.json()) as T };
  };
  const get = <T>(type: CrmType, params: Record<string, string> = {}) => call<T>(crmEndpoint(type, params));
  const post = <T>(type: CrmType, body: unknown) =>
    call<T>(crmEndpoint(type), { method: 'POST', body: JSON.stringify(body) });

  const { body: storefronts } = await get<StorefrontRecord[]>('getActiveStorefronts');
  const account = (name: string) => seed.accounts.find((a) => a.name === name)?.id ?? '';
  const storefront = (domain: string) => storefronts.find((s) => s.domain === domain)?.id ?? '';
  return {
    database,
    app,
    ids: {
      storefrontA: storefront('localhost'),
      storefrontB: storefront('127.0.0.1'),
      guest: account('BioNova Guest'),
      halvorsen: account('Halvorsen Research Institute'),
      marlowe: account('Marlowe Genomics Core'),
      kestrel: account('Kestrel Diagnostics GmbH'),
    },
    get,
    post,
  };
}
