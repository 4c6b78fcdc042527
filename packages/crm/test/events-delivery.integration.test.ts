import {
  type BusinessEvent,
  OPERATIONS_BASE_PATH,
  WEBHOOK_REPLAY_WINDOW_SECONDS,
} from '@storefront/contracts';
import { verifyWebhookSignature } from '@storefront/contracts/webhook-signature';
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../src/db/schema';
import { createEventDelivery, type DeliveryPolicy, recordBusinessEvent } from '../src/events';
import { createOperationsKey } from '../src/operations';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';
import { startReceiver } from './events-receiver';

const now = () => Math.floor(Date.now() / 1000);

describe.each(await testEngines())('webhook deliveries on $name', (engine) => {
  let crm: SeededCrm;
  let key: string;
  let keyB: string;
  const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
  let subjects = 0;

  const operations = async <T>(path: string, init: RequestInit & { key?: string } = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${init.key ?? key}`);
    if (init.method && init.method !== 'GET') headers.set('idempotency-key', crypto.randomUUID());
    if (init.body) headers.set('content-type', 'application/json');
    const response = await crm.app.request(`${OPERATIONS_BASE_PATH}${path}`, { ...init, headers });
    return { status: response.status, body: (await response.json()) as T };
  };
  type Endpoint = { id: string; url: string; secret?: string; eventTypes: string[] };
  /** A receiver and its endpoint, added through the operations API; earlier tests' endpoints are removed. */
  const endpointTo = async (answering?: Parameters<typeof startReceiver>[0]) => {
    const listed = await operations<{ endpoints: Endpoint[] }>('/webhooks');
    for (const old of listed.body.endpoints) await operations(`/webhooks/${old.id}`, { method: 'DELETE' });
    const receiver = await startReceiver(answering);
    receivers.push(receiver);
    const added = await operations<Endpoint & { secret: string }>('/webhooks', {
      method: 'POST',
      body: JSON.stringify({ url: receiver.url, description: 'ERP' }),
    });
    expect(added.status).toBe(200);
    return { receiver, endpoint: added.body };
  };
  /** Records events of a new subject, each in its own transaction; answers the subject. */
  const recordEvents = async (types: BusinessEvent['type'][], storefrontId = crm.ids.storefrontA) => {
    subjects += 1;
    const subject = `order:T-${engine.name}-${subjects}`;
    for (const [index, type] of types.entries()) {
      await crm.database.db.transaction((tx) =>
        recordBusinessEvent(tx, { storefrontId, type, subject, data: { step: index + 1 } }),
      );
    }
    return subject;
  };
  const worker = (policy: Partial<DeliveryPolicy> = {}) =>
    createEventDelivery({ db: crm.database.db, logError: (error) => expect.fail(String(error)), policy });
  /** The wait after a failed try is over. */
  const waitIsOver = () =>
    crm.database.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(isNull(webhookDeliveries.deliveredAt));
  const sequencesOf = (events: BusinessEvent[], subject: string) =>
    events.filter((event) => event.subject === subject).map((event) => event.sequence);

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    key = await createOperationsKey(crm.database.db, crm.ids.storefrontA, 'ERP');
    keyB = await createOperationsKey(crm.database.db, crm.ids.storefrontB, 'ERP');
  });
  afterEach(async () => {
    for (const receiver of receivers.splice(0)) await receiver.close();
  });
  afterAll(async () => crm?.close());

  it('signs each delivery so the receiver can verify it, and a tampered body or an old signature fails', async () => {
    const { receiver, endpoint } = await endpointTo();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const subject = await recordEvents(['order.placed']);
    await worker().deliver();
    const [delivery] = receiver.received;
    expect(delivery?.event).toMatchObject({
      type: 'order.placed',
      subject,
      sequence: 1,
      storefront: 'localhost',
    });
    expect(delivery?.event.data).toEqual({ step: 1 });
    expect(delivery?.eventIdHeader).toBe(delivery?.event.id);
    const { body = '', signature = '' } = delivery ?? {};
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(endpoint.secret, signature, body, now())).toBe('valid');
    expect(
      verifyWebhookSignature(endpoint.secret, signature, body.replace('"step":1', '"step":2'), now()),
    ).toBe('mismatch');
    expect(verifyWebhookSignature('whsec_another', signature, body, now())).toBe('mismatch');
    expect(
      verifyWebhookSignature(endpoint.secret, signature, body, now() + WEBHOOK_REPLAY_WINDOW_SECONDS + 60),
    ).toBe('expired');
    expect(verifyWebhookSignature(endpoint.secret, 'v1=abc', body, now())).toBe('malformed');
  });

  it('answers the secret once, lists endpoints without it, and keeps each storefront to its own', async () => {
    const { endpoint } = await endpointTo();
    const listed = await operations<{ endpoints: Endpoint[] }>('/webhooks');
    expect(listed.body.endpoints).toEqual([
      {
        id: endpoint.id,
        url: endpoint.url,
        description: 'ERP',
        eventTypes: [],
        createdAt: expect.any(String),
      },
    ]);
    const otherStorefront = await operations<{ endpoints: Endpoint[] }>('/webhooks', { key: keyB });
    expect(otherStorefront.body.endpoints).toEqual([]);
    const notTheirs = await operations(`/webhooks/${endpoint.id}`, { method: 'DELETE', key: keyB });
    expect(notTheirs.body).toEqual({ removed: false });
    await recordEvents(['order.placed']);
    const removed = await operations(`/webhooks/${endpoint.id}`, { method: 'DELETE' });
    expect(removed.body).toEqual({ removed: true });
    const left = await crm.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(left).toEqual([]);
  });

  it('gives a receiver that was down every event once it is back, in order per subject, after a back-off', async () => {
    let down = true;
    const { receiver, endpoint } = await endpointTo(() => (down ? 503 : 200));
    const first = await recordEvents(['order.placed', 'order.confirmed', 'order.shipped']);
    const second = await recordEvents(['order.placed', 'order.cancelled']);
    const delivery = worker();

    await delivery.deliver();
    // Only each subject's first event was tried: the later ones wait behind it.
    expect(receiver.received.map((r) => [r.event.subject, r.event.sequence, r.status]).sort()).toEqual([
      [first, 1, 503],
      [second, 1, 503],
    ]);
    const rows = await crm.database.db
      .select({
        attempts: webhookDeliveries.attempts,
        lastError: webhookDeliveries.lastError,
        waitSeconds: sql<number>`extract(epoch from ${webhookDeliveries.nextAttemptAt} - now())::float`,
      })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    const tried = rows.filter((row) => row.attempts === 1);
    expect(tried).toHaveLength(2);
    for (const row of tried) {
      expect(row.lastError).toBe('HTTP 503 Service Unavailable');
      expect(row.waitSeconds).toBeGreaterThan(20);
      expect(row.waitSeconds).toBeLessThanOrEqual(30);
    }
    // Within the wait nothing is tried again.
    await delivery.deliver();
    expect(receiver.received).toHaveLength(2);

    await waitIsOver();
    await delivery.deliver();
    expect(receiver.received).toHaveLength(4);

    down = false;
    await waitIsOver();
    await delivery.deliver();
    const taken = receiver.taken().map((r) => r.event);
    expect(sequencesOf(taken, first)).toEqual([1, 2, 3]);
    expect(sequencesOf(taken, second)).toEqual([1, 2]);
    expect(new Set(taken.map((event) => event.id)).size).toBe(5);
    for (const r of receiver.received)
      expect(verifyWebhookSignature(endpoint.secret, r.signature, r.body, now())).toBe('valid');
    const waiting = await crm.database.db
      .select()
      .from(webhookDeliveries)
      .where(
        sql`${webhookDeliveries.endpointId} = ${endpoint.id} and ${webhookDeliveries.deliveredAt} is null`,
      );
    expect(waiting).toEqual([]);
  });

  it('counts a receiver that does not answer in time, and a redirect, as failed tries', async () => {
    const { receiver, endpoint } = await endpointTo((event) =>
      event.type === 'case.created' ? 'hold' : 302,
    );
    await recordEvents(['case.created']);
    await recordEvents(['order.placed']);
    await worker({ timeoutMs: 300 }).deliver();
    const tried = await crm.database.db
      .select({ lastError: webhookDeliveries.lastError, deliveredAt: webhookDeliveries.deliveredAt })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(tried.map((row) => row.lastError).sort()).toEqual(['HTTP 302 Found', 'no answer within 0.3 s']);
    expect(tried.map((row) => row.deliveredAt)).toEqual([null, null]);
    expect(receiver.received).toHaveLength(2);
  });

  it('leaves a delivery dead after its last try, lists it, and delivers it when replayed', async () => {
    let refusing = true;
    const { receiver, endpoint } = await endpointTo((event) =>
      refusing && event.sequence === 1 ? 500 : 200,
    );
    const subject = await recordEvents(['order.placed', 'order.cancelled']);
    const delivery = worker({ maxAttempts: 3 });
    for (let run = 0; run < 3; run++) {
      await delivery.deliver();
      await waitIsOver();
    }
    expect(receiver.received.map((r) => [r.event.sequence, r.status])).toEqual([
      [1, 500],
      [1, 500],
      [1, 500],
      // A dead event no longer holds its subject's next one back.
      [2, 200],
    ]);
    const dead = await operations<{
      dead: { deliveryId: string; event: BusinessEvent }[];
      next: string | null;
    }>('/events/dead?limit=5');
    expect(dead.status).toBe(200);
    expect(dead.body.next).toBeNull();
    const [listed] = dead.body.dead;
    expect(listed).toMatchObject({
      endpointId: endpoint.id,
      attempts: 3,
      lastError: 'HTTP 500 Internal Server Error',
      event: { subject, sequence: 1, type: 'order.placed', storefront: 'localhost' },
    });
    const deliveryId = listed?.deliveryId ?? '';
    expect((await operations<{ dead: unknown[] }>('/events/dead', { key: keyB })).body.dead).toEqual([]);
    const notTheirs = await operations(`/events/dead/${deliveryId}/replay`, { method: 'POST', key: keyB });
    expect(notTheirs.status).toBe(404);

    refusing = false;
    const replay = await operations(`/events/dead/${deliveryId}/replay`, { method: 'POST' });
    expect(replay.body).toEqual({ replayed: true });
    await delivery.deliver();
    await expect.poll(() => receiver.taken().filter((r) => r.event.sequence === 1).length).toBe(1);
    expect(receiver.taken()[1]?.event.id).toBe(listed?.event.id);
    expect((await operations<{ dead: unknown[] }>('/events/dead')).body.dead).toEqual([]);
    const again = await operations(`/events/dead/${deliveryId}/replay`, { method: 'POST' });
    expect(again.body).toEqual({ replayed: false });
  });

  it('pages the dead-letter list newest first', async () => {
    const { receiver } = await endpointTo(() => 500);
    for (let event = 0; event < 3; event++) await recordEvents(['case.created']);
    await worker({ maxAttempts: 1 }).deliver();
    expect(receiver.received).toHaveLength(3);
    const first = await operations<{ dead: { deliveryId: string }[]; next: string | null }>(
      '/events/dead?limit=2',
    );
    expect(first.body.dead).toHaveLength(2);
    const rest = await operations<{ dead: { deliveryId: string }[]; next: string | null }>(
      `/events/dead?limit=2&after=${first.body.next}`,
    );
    expect(rest.body.next).toBeNull();
    const ids = [...first.body.dead, ...rest.body.dead].map((dead) => dead.deliveryId);
    expect(new Set(ids).size).toBe(3);
    const unknown = await operations<{ code: string }>('/events/dead?after=whd_nothing');
    expect([unknown.status, unknown.body.code]).toEqual([400, 'INVALID_REQUEST']);
  });

  it('never posts one delivery twice from two delivery runs at once', async () => {
    const { receiver } = await endpointTo();
    receiver.answerWith(() => 200);
    const subjectsRecorded: string[] = [];
    for (let order = 0; order < 12; order++)
      subjectsRecorded.push(await recordEvents(['order.placed', 'order.confirmed', 'order.shipped']));
    const [one, two] = [worker({ batch: 5 }), worker({ batch: 5 })];
    await Promise.all([one.deliver(), two.deliver(), one.deliver(), two.deliver()]);
    const ids = receiver.received.map((r) => r.event.id);
    expect(ids).toHaveLength(36);
    expect(new Set(ids).size).toBe(36);
    for (const subject of subjectsRecorded)
      expect(
        sequencesOf(
          receiver.taken().map((r) => r.event),
          subject,
        ),
      ).toEqual([1, 2, 3]);
  });
});
