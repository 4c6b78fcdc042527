import { randomBytes } from 'node:crypto';
import { paymentAmount, signPaymentFields } from '@storefront/contracts/payment-protocol';
import type { PaymentSettings, RefundDelivery } from '../core/handler';
import type { CrmDb } from '../db/open';
import { askProvider } from './provider-call';
import { claimRefund, type DueRefund, dueRefunds, settleRefund } from './queries/refunds';

/** Refunds sent per run; more wait for the next. */
const BATCH = 20;
/** Tries per refund before it is left Failed for the supplier to refund by hand (its lastError says why). */
export const REFUND_MAX_ATTEMPTS = 5;
/** The wait before the next try after the n-th: one minute, doubling. */
const retryAfterSeconds = (attempt: number) => 60 * 2 ** (attempt - 1);

/**
 * A refund goes out only after the transaction that queued it has committed. It is claimed before it is sent,
 * so two runs never send it at once; the refund's id is the provider's idempotency key, so a try whose answer
 * was lost and is sent again refunds once. A refund still failing after its last try is marked Failed and
 * logged as needing a person: the money is owed and the supplier refunds it by hand.
 */
export function createRefundDelivery(options: {
  db: CrmDb;
  payments: PaymentSettings | null;
  logError: (error: unknown) => void;
}): RefundDelivery {
  const { payments } = options;
  async function send(settings: PaymentSettings, refund: DueRefund): Promise<void> {
    const attempt = refund.attempts + 1;
    if (!(await claimRefund(options.db, refund, retryAfterSeconds(attempt)))) return;
    const problem = await askForRefund(settings, refund);
    if (problem === null) {
      await settleRefund(options.db, refund.id, { refunded: true });
      return;
    }
    const lastTry = attempt >= REFUND_MAX_ATTEMPTS;
    await settleRefund(options.db, refund.id, { refunded: false, problem, lastTry });
    if (lastTry) {
      options.logError(
        new Error(
          `refund ${refund.id} of ${paymentAmount(refund.amount)} ${refund.currency} failed ${attempt} times (${problem}): refund it by hand`,
        ),
      );
    }
  }
  return {
    async settle() {
      if (!payments) return;
      try {
        for (const refund of await dueRefunds(options.db, BATCH)) await send(payments, refund);
      } catch (error) {
        options.logError(error);
      }
    },
  };
}

/** Asks the provider for the refund; null when it answered refunded, else what went wrong. */
async function askForRefund(settings: PaymentSettings, refund: DueRefund): Promise<string | null> {
  const message = signPaymentFields(settings.secret, 'refund', {
    refund_id: refund.id,
    request_id: refund.requestId,
    charge_nonce: refund.chargeNonce,
    amount: paymentAmount(refund.amount),
    currency: refund.currency,
    timestamp: settings.now().toISOString(),
    nonce: randomBytes(16).toString('base64url'),
  });
  const asked = await askProvider(settings, settings.refundUrl, message, 'refund_result');
  if ('problem' in asked) return asked.problem;
  const { answer } = asked;
  if (answer.refund_id !== refund.id || answer.amount !== message.amount) {
    return 'the provider answered for another refund';
  }
  return answer.status === 'refunded' ? null : `the provider refused the refund (${answer.status})`;
}
