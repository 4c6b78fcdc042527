import {
  type PaymentFields,
  type PaymentMessage,
  pickPaymentFields,
  type SignedPaymentFields,
  verifyPaymentSignature,
} from '@storefront/contracts/payment-protocol';
import type { PaymentSettings } from '../core/handler';

/** How long the CRM waits for the provider's answer to a charge or a refund. */
const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * Posts a signed message to the provider, server to server, and reads its answer of the kind: the answer's
 * fields when the provider signed them, else what went wrong (unreachable, an error status, an unsigned answer).
 */
export async function askProvider<M extends 'charge' | 'refund', K extends PaymentMessage>(
  settings: PaymentSettings,
  url: string,
  message: SignedPaymentFields<M>,
  answerKind: K,
): Promise<{ answer: PaymentFields<K> } | { problem: string }> {
  let body: unknown;
  try {
    const response = await settings.fetch(
      new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      }),
    );
    if (!response.ok) {
      await response.body?.cancel();
      return { problem: `the provider answered ${response.status}` };
    }
    body = await response.json();
  } catch (error) {
    return {
      problem: `the provider could not be reached (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const answer = pickPaymentFields(answerKind, record);
  if (
    answer === null ||
    typeof record.signature !== 'string' ||
    !verifyPaymentSignature(settings.secret, answerKind, answer, record.signature)
  ) {
    return { problem: 'the provider answered something it did not sign' };
  }
  return { answer };
}
