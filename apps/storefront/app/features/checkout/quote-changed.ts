import { quoteChangedKey } from '@storefront/contracts/constants';

/**
 * The quote-changed flag qreset-{quoteId} (C§3): set 'true' by every cart change, it tells checkout that the
 * shipping method was chosen for another cart. Storage can be unavailable (private modes): then nothing is
 * known to have changed.
 */
export function isQuoteChanged(quoteId: string): boolean {
  try {
    return window.localStorage.getItem(quoteChangedKey(quoteId)) === 'true';
  } catch {
    return false;
  }
}

/** The buyer has gone through shipping again for the cart as it now is. */
export function markQuoteSeen(quoteId: string): void {
  try {
    window.localStorage.setItem(quoteChangedKey(quoteId), 'false');
  } catch {
    // No storage: nothing to mirror.
  }
}
