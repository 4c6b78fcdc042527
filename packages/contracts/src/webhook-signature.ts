import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_REPLAY_WINDOW_SECONDS } from './operations-api';

/**
 * The Storefront-Signature header of a webhook delivery (WEBHOOK_SIGNATURE_HEADER), as the large payment
 * providers sign theirs: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint's secret>`.
 * Signing the time with the body lets a receiver refuse a captured delivery replayed later.
 */
export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmac(secret, unixSeconds, body)}`;
}

export type WebhookVerdict = 'valid' | 'malformed' | 'mismatch' | 'expired';

/**
 * What a receiver checks: the header's signature is the body's under the secret (compared in constant time), and
 * its time is within the replay window of `nowSeconds`. Verify the raw body as received, before parsing it.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  body: string,
  nowSeconds: number,
  windowSeconds = WEBHOOK_REPLAY_WINDOW_SECONDS,
): WebhookVerdict {
  const parts = new Map(
    (header ?? '').split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const time = parts.get('t') ?? '';
  const signature = parts.get('v1') ?? '';
  if (!/^\d{1,12}$/.test(time) || !/^[0-9a-f]{64}$/.test(signature)) return 'malformed';
  const expected = Buffer.from(hmac(secret, Number(time), body), 'hex');
  if (!timingSafeEqual(Buffer.from(signature, 'hex'), expected)) return 'mismatch';
  return Math.abs(nowSeconds - Number(time)) <= windowSeconds ? 'valid' : 'expired';
}

function hmac(secret: string, unixSeconds: number, body: string): string {
  return createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
}
