import { describe, expect, it, vi } from 'vitest';
import type { CrmDatabase, CrmDb } from '../../src/db/open';
import { createCrmApp } from '../../src/http/app';
import { embeddedTaxService } from '../../src/testing';

/** A database whose every query fails, to see what a client gets from an unexpected error. */
const failingDb = new Proxy({} as CrmDb, {
  get: () => {
    throw new Error('connection reset at /secret/path.ts:42');
  },
});
const database = { db: failingDb, engine: 'pglite', close: async () => {} } as unknown as CrmDatabase;

describe('createCrmApp, unexpected errors', () => {
  it('answers 500 APEX_ERROR without internals and reports the error', async () => {
    const logError = vi.fn();
    const app = createCrmApp({
      db: database,
      serviceToken: 'token',
      tax: embeddedTaxService().client,
      logError,
    });
    const response = await app.request('/services/apexrest/ecommerce?type=getActiveStorefronts', {
      headers: { authorization: 'Bearer token' },
    });
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toEqual([{ errorCode: 'APEX_ERROR', message: expect.any(String) }]);
    expect(JSON.stringify(body)).not.toMatch(/secret|\.ts|stack/);
    expect(logError).toHaveBeenCalledOnce();
  });
});
