import { QUOTE_ID_KEY, quoteChangedKey } from '@storefront/contracts/constants';

/**
 * The browser's copy of the quote lifecycle (spec C§3, C§4): the cart's quote id under EC_Quote_Id and a
 * qreset-{quoteId} flag set on every cart change. The server is the source of truth; this mirrors it for the
 * checkout steps. Storage can be unavailable (private modes), which must never break the cart.
 */
function withStorage(use: (storage: Storage) => void): void {
  try {
    use(window.localStorage);
  } catch {
    // No storage: nothing to mirror.
  }
}

export function rememberQuote(quoteId: string): void {
  withStorage((storage) => storage.setItem(QUOTE_ID_KEY, quoteId));
}

export function markQuoteChanged(quoteId: string): void {
  withStorage((storage) => storage.setItem(quoteChangedKey(quoteId), 'true'));
}

/** A checked-out quote is no longer the cart: its id is cleared. */
export function forgetQuote(): void {
  withStorage((storage) => storage.removeItem(QUOTE_ID_KEY));
}

/** After the order is placed: the quote is no longer the cart, and its quote-changed flag means nothing. */
export function forgetOrderedQuote(quoteId: string): void {
  withStorage((storage) => {
    storage.removeItem(QUOTE_ID_KEY);
    storage.removeItem(quoteChangedKey(quoteId));
  });
}

/** On sign-out nothing of the previous principal's cart stays behind. */
export function forgetAllQuotes(): void {
  withStorage((storage) => {
    const changedFlags = Object.keys(storage).filter((key) => key.startsWith(quoteChangedKey('')));
    for (const key of [QUOTE_ID_KEY, ...changedFlags]) storage.removeItem(key);
  });
}
