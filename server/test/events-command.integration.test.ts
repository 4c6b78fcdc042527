import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createEventDelivery, recordBusinessEvent } from '@storefront/crm/events/index';
import { createOperationsKey } from '@storefront/crm/operations/index';
import { openSeededCrm, type SeededCrm, testEngines } from '@storefront/crm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOperatorCommand } from './operator-command';

/** The operator lists the dead webhook deliveries and replays one through the storefront's operations API. */
describe('npm run events', () => {
  let crm: SeededCrm;
  let server: Server;
  let env: Record<string, string>;

  beforeAll(async () => {
    const [pglite] = await testEngines();
    if (!pglite) throw new Error('no test engine');
    crm = await openSeededCrm(pglite);
    server = serve({ fetch: crm.app.fetch, hostname: '127.0.0.1', port: 0 }) as Server;
    await once(server, 'listening');
    env = {
      STOREFRONT_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      OPERATIONS_KEY: await createOperationsKey(crm.database.db, crm.ids.storefrontA, 'ERP'),
    };
  });
  afterAll(async () => {
    server?.closeAllConnections();
    server?.close();
    await crm?.close();
  });

  it('lists a dead delivery, replays it once, and refuses an unknown one', async () => {
    const added = await fetch(`${env.STOREFRONT_URL}/operations/v1/webhooks`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${env.OPERATIONS_KEY}`,
        'idempotency-key': 'hook-1',
        'content-type': 'application/json',
      },
      // Nothing listens on the discard port: every try fails.
      body: JSON.stringify({ url: 'http://127.0.0.1:9/events' }),
    });
    expect(added.status).toBe(200);
    await crm.database.db.transaction((tx) =>
      recordBusinessEvent(tx, {
        storefrontId: crm.ids.storefrontA,
        type: 'order.placed',
        subject: 'order:SO-CMD-1',
        data: {},
      }),
    );
    await createEventDelivery({
      db: crm.database.db,
      logError: () => {},
      policy: { maxAttempts: 1 },
    }).deliver();

    const dead = await runOperatorCommand('events', ['dead'], env);
    expect(dead.code).toBe(0);
    const [line] = dead.stdout.split('\n');
    expect(line).toMatch(/^whd_\w+ {2}\S+ {2}order\.placed {2}order:SO-CMD-1 #1 {2}1 tries: fetch failed/);
    const deliveryId = line?.split(' ')[0] ?? '';

    const replayed = await runOperatorCommand('events', ['replay', deliveryId], env);
    expect(replayed.stdout).toContain(`Delivery ${deliveryId} is being posted again.`);
    expect((await runOperatorCommand('events', ['dead'], env)).stdout).toContain('No dead deliveries.');
    const again = await runOperatorCommand('events', ['replay', deliveryId], env);
    expect(again.stdout).toContain('is not dead');

    const unknown = await runOperatorCommand('events', ['replay', 'whd_unknown'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('This storefront has no delivery whd_unknown. (HTTP 404)');
    const noKey = await runOperatorCommand('events', ['dead'], { ...env, OPERATIONS_KEY: '' });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain('Set OPERATIONS_KEY');
  });
});
