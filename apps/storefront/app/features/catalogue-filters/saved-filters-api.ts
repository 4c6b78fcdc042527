import { PICKLIST_FIELDS, type PicklistField } from '@storefront/contracts/catalogue';
import { problemOf } from '@storefront/contracts/crm-errors';
import { MESSAGES } from '@storefront/contracts/messages';
import { data, redirect } from 'react-router';
import { z } from 'zod';
import { accountScope, crmCall } from '../../lib/crm.server';
import { readForm } from '../../lib/form.server';
import { GatewayCallError } from '../../lib/gateway';
import { serverContext } from '../../lib/load-context';
import { loginPath, sitePath } from '../../lib/paths';
import { requireSession } from '../../lib/storefront.server';
import type { Route } from './+types/saved-filters-api';
import { SAVED_FILTER_INTENTS, type SavedFiltersResult, savedFilterSearch } from './saved-filters';

const id = z.string().trim().min(1).max(64);
const saveForm = z.object({
  name: z.string().trim().min(1, 'Give the filters a name.').max(80, 'A name has at most 80 characters.'),
  category: z.string().trim().max(64).optional(),
  searchText: z.string().trim().max(200).optional(),
});
const applyForm = z.object({ filterId: id, path: z.string().min(1).max(2048) });

/**
 * Saved catalogue filters (C§7 saveECatalogFilters, getSavedFilter), for a signed-in buyer's product lists:
 * `save` keeps the list's category, search text and picklist values under a name (a name used before is
 * replaced); `apply` reads a saved one and goes to the list at `path` filtered by it.
 */
export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  const intent = z.enum(SAVED_FILTER_INTENTS).safeParse(form.get('intent'));
  if (!intent.success) return answer({ ok: false, intent: null, message: 'Unknown filter action.' }, 400);
  const session = await requireSession(args);
  if (session.viewer.isGuest) {
    const signInPath = loginPath(sitePath(String(form.get('path') ?? '/'), session.url.origin) ?? '/');
    return answer(
      { ok: false, intent: intent.data, message: 'Sign in to save and use filters.', signInPath },
      401,
    );
  }
  const fields = Object.fromEntries([...form].filter(([, value]) => typeof value === 'string'));
  try {
    if (intent.data === 'save') {
      const parsed = saveForm.safeParse(fields);
      if (!parsed.success) return refused('save', parsed.error.issues[0]?.message ?? 'Invalid input.');
      const { name, category, searchText } = parsed.data;
      const filters: Partial<Record<PicklistField, string[]>> = {};
      for (const field of PICKLIST_FIELDS) {
        const values = form.getAll(field).filter((value) => typeof value === 'string');
        if (values.length > 0) filters[field] = values;
      }
      const saved = await crmCall(session, 'saveECatalogFilters', {
        ...accountScope(session),
        name,
        categoryId: category || undefined,
        searchText: searchText || undefined,
        filters,
      });
      // Product lists kept for the account show its saved filters: they are made again.
      await serverContext(args.context).accountPages?.changed(session.viewer.accountId);
      return answer({ ok: true, intent: 'save', message: `Your filters are saved as “${saved.name}”.` });
    }
    const parsed = applyForm.safeParse(fields);
    const path = parsed.success ? sitePath(parsed.data.path, session.url.origin) : null;
    if (!parsed.success || !path) return refused('apply', 'Choose a saved filter to apply.');
    const saved = await crmCall(session, 'getSavedFilter', {
      ...accountScope(session),
      ecfr: parsed.data.filterId,
    });
    const query = savedFilterSearch(saved).toString();
    return redirect(`${new URL(path, session.url.origin).pathname}${query ? `?${query}` : ''}`, 303);
  } catch (error) {
    if (!(error instanceof GatewayCallError)) throw error;
    if (error.status === 401) {
      const signInPath = loginPath('/', { expired: true });
      return answer({ ok: false, intent: intent.data, message: MESSAGES.sessionExpired, signInPath }, 401);
    }
    if (REFUSALS.includes(error.status)) return refused(intent.data, problemOf(error));
    return answer({ ok: false, intent: intent.data, message: problemOf(error) }, error.status);
  }
}

/** What a buyer can correct (a name, a filter that is gone or not theirs): an answer, not an HTTP error. */
const REFUSALS: readonly number[] = [400, 403, 404, 409];

function refused(intent: SavedFiltersResult['intent'], message: string) {
  return answer({ ok: false, intent, message });
}

function answer(result: SavedFiltersResult, status = 200) {
  return data(result, { status });
}
