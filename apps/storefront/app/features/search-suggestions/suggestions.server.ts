import { SEARCH_CRM_TYPES, type SearchSuggestions } from '@storefront/contracts/crm-search';
import { accountScope, crmCall } from '../../lib/crm.server';
import type { StorefrontSession } from '../../lib/storefront.server';

const typedText = SEARCH_CRM_TYPES.getSearchSuggestions.payload.shape.text;

/** What the typed text asks, or why it cannot be asked (too long, a NUL). */
export function readTypedText(q: string | null): { text: string } | { problem: string } {
  const parsed = typedText.safeParse(q ?? '');
  if (parsed.success) return { text: parsed.data };
  return { problem: `The search text ${parsed.error.issues[0]?.message ?? 'cannot be read'}.` };
}

/** The account's suggestions for the text; the gateway binds the account and the contact. */
export function suggestionsFor(session: StorefrontSession, text: string): Promise<SearchSuggestions> {
  return crmCall(session, 'getSearchSuggestions', { ...accountScope(session), text });
}

/**
 * A signed-in buyer ran the search page: its text joins their recent searches (a guest's are kept by the
 * browser). Never in the page's way: a failure is only logged.
 */
export function rememberSearchPage(session: StorefrontSession, searchPath: string): void {
  if (session.viewer.isGuest || session.url.pathname !== searchPath) return;
  const read = readTypedText(session.url.searchParams.get('searchText'));
  if (!('text' in read)) return;
  crmCall(session, 'recordRecentSearch', { ...accountScope(session), text: read.text }).catch(
    (error: unknown) => console.warn('A recent search could not be kept:', error),
  );
}
