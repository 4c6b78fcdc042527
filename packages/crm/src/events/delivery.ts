import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@storefront/contracts';
import { webhookSignature } from '@storefront/contracts/webhook-signature';
import type { EventDelivery } from '../core/handler';
import type { CrmDb } from '../db/open';
import { type ClaimedDelivery, claimDueDeliveries, markDelivered, markFailed } from './queries/deliveries';
import { coalesced } from './rules/coalesce';

/** How webhook deliveries are tried; the defaults are DELIVERY_POLICY. */
export interface DeliveryPolicy {
  /** A receiver that has not answered within this is a failed try. */
  timeoutMs: number;
  /** How long a try's claim holds; longer than the timeout, so a live try is never taken over. */
  claimSeconds: number;
  /** Tries before a delivery is dead (kept, listed, replayable). */
  maxAttempts: number;
  /** The wait after the first failure, doubling after each next one, up to maxWaitSeconds. */
  firstWaitSeconds: number;
  maxWaitSeconds: number;
  /** Deliveries claimed and posted at once per round. */
  batch: number;
}

/** 12 tries over about 15 hours: 30 s, 1 min, 2 min, … doubling, at most 6 hours apart. */
export const DELIVERY_POLICY: DeliveryPolicy = {
  timeoutMs: 10_000,
  claimSeconds: 60,
  maxAttempts: 12,
  firstWaitSeconds: 30,
  maxWaitSeconds: 6 * 60 * 60,
  batch: 20,
};

/** The wait after the n-th failed try. */
export const retryWaitSeconds = (policy: DeliveryPolicy, failedAttempts: number): number =>
  Math.min(policy.maxWaitSeconds, policy.firstWaitSeconds * 2 ** Math.max(0, failedAttempts - 1));

/**
 * Posts the due webhook deliveries: each event as its JSON envelope, signed with its endpoint's secret. A 2xx
 * answer delivers it; any other answer, a redirect, a network failure or no answer within the timeout is a failed
 * try, retried with back-off and dead after the last. Runs overlapping in one process join the current one;
 * runs on several instances share the work through claims (queries/deliveries.ts).
 *
 * Endpoints are http(s) URLs an operator configured through the operations API: they are called wherever they
 * point (an ERP is often on the supplier's own network), never redirected elsewhere.
 */
export function createEventDelivery(options: {
  db: CrmDb;
  logError: (error: unknown) => void;
  policy?: Partial<DeliveryPolicy>;
  fetch?: typeof fetch;
}): EventDelivery {
  const policy = { ...DELIVERY_POLICY, ...options.policy };
  const post = options.fetch ?? fetch;

  async function attempt(delivery: ClaimedDelivery): Promise<void> {
    const problem = await send(delivery);
    if (problem === null) return markDelivered(options.db, delivery.id);
    await markFailed(options.db, delivery, problem, {
      afterSeconds: retryWaitSeconds(policy, delivery.attempt),
      dead: delivery.attempt >= policy.maxAttempts,
    });
  }

  /** The try's problem, or null when the receiver took it. */
  async function send(delivery: ClaimedDelivery): Promise<string | null> {
    const body = JSON.stringify(delivery.event);
    try {
      if (!/^https?:$/.test(new URL(delivery.url).protocol)) return 'not an http(s) URL';
      const response = await post(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Storefront-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(delivery.secret, body, Math.floor(Date.now() / 1000)),
          [WEBHOOK_EVENT_ID_HEADER]: delivery.event.id,
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(policy.timeoutMs),
      });
      // Only the status counts: the answer's body is not read.
      await response.body?.cancel();
      return response.ok
        ? null
        : `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError')
        return `no answer within ${policy.timeoutMs / 1000} s`;
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      return `${error instanceof Error ? error.message : String(error)}${cause}`.slice(0, 500);
    }
  }

  const rounds = coalesced(async () => {
    for (;;) {
      const claimed = await claimDueDeliveries(options.db, policy.batch, policy.claimSeconds);
      if (claimed.length === 0) return;
      // Claimed together means independent: no two are one subject's to one endpoint.
      await Promise.all(claimed.map(attempt));
    }
  }, options.logError);
  return { deliver: rounds.run };
}
