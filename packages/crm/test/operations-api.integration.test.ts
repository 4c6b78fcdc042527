import { OPERATIONS_BASE_PATH, type OperationsError } from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperationsKey } from '../src/operations';
import { openSeededCrm, type SeededCrm, TEST_SERVICE_TOKEN, testEngines } from '../src/testing';

describe.each(await testEngines())('the operations API on $name', (engine) => {
  let crm: SeededCrm;
  let key: string;
  const call = async (path: string, init: RequestInit & { key?: string | null } = {}) => {
    const headers = new Headers(init.headers);
    const bearer = init.key === undefined ? key : init.key;
    if (bearer !== null) headers.set('authorization', `Bearer ${bearer}`);
    const response = await crm.app.request(`${OPERATIONS_BASE_PATH}${path}`, { ...init, headers });
    return { status: response.status, body: (await response.json()) as OperationsError };
  };

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    key = await createOperationsKey(crm.database.db, crm.ids.storefrontA, 'ERP');
  });
  afterAll(async () => crm?.close());

  it('answers only a storefront operations key: none, a wrong one, the CRM service token or a buyer token get 401', async () => {
    for (const bearer of [null, `${key.slice(0, -1)}x`, TEST_SERVICE_TOKEN, 'eyJhbGciOiJSUzI1NiJ9.e30.sig']) {
      const { status, body } = await call('/orders', { key: bearer });
      expect(status).toBe(401);
      expect(body.code).toBe('UNAUTHENTICATED');
      expect(body.message).toContain('Authorization: Bearer <operations key>');
    }
  });

  it('refuses a change without an Idempotency-Key, a body that is not JSON and a body past its limit, naming each', async () => {
    const json = { 'content-type': 'application/json' };
    const noKey = await call('/webhooks', { method: 'POST', headers: json, body: '{}' });
    expect([noKey.status, noKey.body.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
    const notJson = await call('/webhooks', {
      method: 'POST',
      headers: { ...json, 'idempotency-key': 'a-1' },
      body: '{"url":',
    });
    expect([notJson.status, notJson.body.code]).toEqual([400, 'INVALID_JSON']);
    const badUrl = await call('/webhooks', {
      method: 'POST',
      headers: { ...json, 'idempotency-key': 'a-2' },
      body: JSON.stringify({ url: 'ftp://erp.example/hook' }),
    });
    expect([badUrl.status, badUrl.body.code]).toEqual([400, 'INVALID_REQUEST']);
    expect(badUrl.body.problems?.[0]?.column).toBe('url');
    const huge = await call('/webhooks', {
      method: 'POST',
      headers: { ...json, 'idempotency-key': 'a-3' },
      body: JSON.stringify({ url: 'https://erp.example/hook', description: 'x'.repeat(300 * 1024) }),
    });
    expect([huge.status, huge.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('takes a catalogue only as CSV, XLSX or JSON', async () => {
    const { status, body } = await call('/catalogue/import', {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', 'idempotency-key': 'file-1' },
      body: '%PDF-1.7',
    });
    expect([status, body.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    expect(body.message).toContain('text/csv');
  });

  it('refuses a cursor holding NUL as a bad request, never a database error', async () => {
    const { status, body } = await call('/orders?after=SO-2026%00');
    expect([status, body.code]).toEqual([400, 'INVALID_REQUEST']);
    expect(body.problems?.[0]?.column).toBe('after');
  });

  it('answers an unknown path as a refusal a program can read', async () => {
    const { status, body } = await call('/nothing-here');
    expect(status).toBe(404);
    expect(body.code).toBe('NOT_FOUND');
  });
});
