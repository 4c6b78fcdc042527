import { RECENT_SEARCHES_KEPT } from '@storefront/contracts/constants';

/** A guest's recent searches stay in their browser: the CRM keeps them only for a signed-in contact. */
const KEY = 'storefront.recentSearches';

function readAll(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/** The guest's recent searches holding the text, newest first. */
export function guestRecentSearches(text: string): string[] {
  const wanted = text.trim().toLowerCase();
  return readAll().filter((entry) => entry.toLowerCase().includes(wanted));
}

/** A search the guest ran becomes their newest (once each whatever the case; the last few kept). */
export function rememberGuestSearch(text: string): void {
  const entry = text.trim().replace(/\s+/g, ' ');
  if (!entry) return;
  const rest = readAll().filter((kept) => kept.toLowerCase() !== entry.toLowerCase());
  try {
    window.localStorage.setItem(KEY, JSON.stringify([entry, ...rest].slice(0, RECENT_SEARCHES_KEPT)));
  } catch {
    // Storage full or refused (private mode): the search runs all the same.
  }
}
