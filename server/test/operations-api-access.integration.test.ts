import type { OperationsError } from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ComposedServer, startComposedServer } from './composed-server';

const OPERATIONS_TOKEN = 'operations-token-of-the-access-test-0001';
const MANAGER = { username: 'manager@halvorsen.example', password: 'Demo-Manager-2026!' };

/**
 * The operations API at the composed server of `npm start` is for the storefront's machines only: a buyer's
 * signed-in session, as a browser sends it or as a bearer token, never reaches it, while an operations key does.
 * (Its rate limit: operations-rate-limit.test.ts.)
 */
describe('the operations API at the composed server', () => {
  let server: ComposedServer;
  const mint = async (name: string) => {
    const minted = await fetch(`${server.baseUrl}/operations/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPERATIONS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ storefront: 'localhost', name }),
    });
    expect(minted.status).toBe(200);
    return ((await minted.json()) as { key: string }).key;
  };
  const orders = (headers: Record<string, string>) =>
    fetch(`${server.baseUrl}/operations/v1/orders`, { headers });

  beforeAll(async () => {
    server = await startComposedServer({ OPERATIONS_TOKEN });
  }, 120_000);
  afterAll(async () => server?.close());

  it("refuses a signed-in manager's session, as cookies or as a bearer token, with 401 naming the key it wants", async () => {
    const cookie = await server.signIn(MANAGER.username, MANAGER.password);
    const accessToken = /\.accessToken=([^;]+)/.exec(cookie)?.[1] ?? '';
    expect(accessToken).not.toBe('');
    // The session works where a buyer belongs.
    const account = await fetch(`${server.baseUrl}/billing/orders`, { headers: { cookie } });
    expect(account.status).toBe(200);
    const sessions: Record<string, string>[] = [
      { cookie },
      { authorization: `Bearer ${accessToken}` },
      { cookie, authorization: `Bearer ${accessToken}` },
    ];
    for (const headers of sessions) {
      const refused = await orders(headers);
      expect(refused.status).toBe(401);
      const body = (await refused.json()) as OperationsError;
      expect(body.code).toBe('UNAUTHENTICATED');
      expect(body.message).toContain('Authorization: Bearer <operations key>');
    }
    const key = await mint('ERP');
    expect((await orders({ authorization: `Bearer ${key}` })).status).toBe(200);
  });
});
