import { SUGGEST_MIN_CHARS } from '@storefront/contracts/constants';
import { data } from 'react-router';
import { requireSession } from '../../lib/storefront.server';
import type { Route } from './+types/suggest-api';
import { readTypedText, suggestionsFor } from './suggestions.server';

const NONE = { products: [], categories: [], recent: [] };

/**
 * GET /api/search/suggest?q=: the header search box's suggestions for the viewer's account (guests too). Not
 * cached: the answer holds the buyer's recent searches, and the CRM answers well within a keystroke.
 */
export async function loader(args: Route.LoaderArgs) {
  const q = args.url.searchParams.get('q')?.trim() ?? '';
  if (q.length < SUGGEST_MIN_CHARS) return data(NONE, { headers: { 'cache-control': 'no-store' } });
  const read = readTypedText(q);
  if ('problem' in read) return data({ ...NONE, message: read.problem }, { status: 400 });
  const session = await requireSession(args);
  return data(await suggestionsFor(session, read.text), { headers: { 'cache-control': 'no-store' } });
}
