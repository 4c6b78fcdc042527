/**
 * `npm run events -- dead` lists the webhook deliveries given up after every retry, newest first;
 * `npm run events -- replay <deliveryId>` delivers one again, from now. Both through the running storefront's
 * operations API (docs/decisions/0058-business-events.md).
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { type deadEventSchema, IDEMPOTENCY_KEY_HEADER } from '@storefront/contracts';
import type { z } from 'zod';
import { runCommand, UsageError } from './command-line';
import {
  OPERATIONS_CLIENT_OPTIONS,
  OPERATIONS_CLIENT_USAGE,
  type OperationsClient,
  operationsClient,
  refusalOf,
} from './operations-client';

const USAGE = `Usage:
  npm run events -- dead              the dead deliveries, newest first
  npm run events -- replay <deliveryId>
${OPERATIONS_CLIENT_USAGE}`;

/** Dead deliveries listed at most: a longer list is a problem to fix at the receiver first. */
const MAX_LISTED = 1000;
const PAGE = 200;

type DeadEvent = z.infer<typeof deadEventSchema>;

async function command(): Promise<string> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: OPERATIONS_CLIENT_OPTIONS });
  const [verb, deliveryId, ...rest] = positionals;
  if (verb === 'dead' && deliveryId === undefined) return listDead(operationsClient(values));
  if (verb === 'replay' && deliveryId && rest.length === 0)
    return replay(operationsClient(values), deliveryId);
  throw new UsageError('Say dead, or replay and the delivery id.');
}

async function answerOf<T>(response: Response): Promise<T> {
  if (!response.ok) {
    const refusal = await refusalOf(response);
    throw new Error(`${refusal.message} (HTTP ${response.status})`);
  }
  return (await response.json()) as T;
}

async function listDead(api: OperationsClient): Promise<string> {
  const dead: DeadEvent[] = [];
  let after: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(PAGE), ...(after ? { after } : {}) });
    const page: { dead: DeadEvent[]; next: string | null } = await answerOf(
      await api.call(`/events/dead?${query}`),
    );
    dead.push(...page.dead);
    after = page.next;
  } while (after && dead.length < MAX_LISTED);
  if (dead.length === 0) return 'No dead deliveries.';
  const lines = dead.map(
    (entry) =>
      `${entry.deliveryId}  ${entry.deadAt}  ${entry.event.type}  ${entry.event.subject} #${entry.event.sequence}  ${entry.attempts} tries: ${entry.lastError ?? ''}`,
  );
  const more = after ? `\n(the first ${dead.length}; more are dead)` : '';
  return `${lines.join('\n')}${more}\nReplay one with: npm run events -- replay <deliveryId>`;
}

async function replay(api: OperationsClient, deliveryId: string): Promise<string> {
  const { replayed } = await answerOf<{ replayed: boolean }>(
    await api.call(`/events/dead/${encodeURIComponent(deliveryId)}/replay`, {
      method: 'POST',
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    }),
  );
  return replayed
    ? `Delivery ${deliveryId} is being posted again.`
    : `Delivery ${deliveryId} is not dead: it was delivered, or is waiting for its next try.`;
}

await runCommand(USAGE, command);
