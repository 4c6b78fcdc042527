import { LINE_UPDATE_RETRIES, LINE_UPDATE_RETRY_MS } from '@storefront/contracts/constants';
import { QUOTE_BUSY_CODES } from '@storefront/contracts/crm-errors';
import { GatewayCallError } from '../../lib/gateway';

/** Spec C§7: the answers that mean the quote was busy ('unable_to_lock_row', 'record currently unavailable'). */
function isQuoteBusy(error: unknown): boolean {
  return error instanceof GatewayCallError && QUOTE_BUSY_CODES.includes(error.errorCode);
}

/** What a person reads when the quote stayed busy through every retry. */
export const QUOTE_BUSY_MESSAGE = 'The quote is being changed by another request; try again.';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a line update, and again up to LINE_UPDATE_RETRIES times, LINE_UPDATE_RETRY_MS apart, while the CRM
 * answers that the quote is locked by another change; any other failure, or the last busy one, is thrown.
 */
export async function withLineUpdateRetry<T>(update: () => Promise<T>, wait = pause): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await update();
    } catch (error) {
      if (retry >= LINE_UPDATE_RETRIES || !isQuoteBusy(error)) throw error;
      await wait(LINE_UPDATE_RETRY_MS);
    }
  }
}
