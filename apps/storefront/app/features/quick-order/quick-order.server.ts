import {
  QUICK_ORDER_PAGE_ROWS,
  type QuickOrderResult,
  type QuickOrderRow,
  quickOrderRowSchema,
} from '@storefront/contracts/crm-quick-order';
import { z } from 'zod';
import { accountScope, crmCall } from '../../lib/crm.server';
import type { StorefrontSession } from '../../lib/storefront.server';

/** Rows as the page posts them back (hidden JSON): parsed again, as the CRM parses them once more. */
const postedRows = z.array(quickOrderRowSchema).min(1).max(1000);

export function readPostedRows(value: FormDataEntryValue | null): QuickOrderRow[] | null {
  if (typeof value !== 'string') return null;
  try {
    const parsed = postedRows.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Rows matched and priced by the CRM, a page at a time as the page's progress shows them. */
export async function checkRows(
  session: StorefrontSession,
  rows: readonly QuickOrderRow[],
): Promise<{ currency: string; results: QuickOrderResult[] }> {
  let currency = '';
  const results: QuickOrderResult[] = [];
  for (let start = 0; start < rows.length; start += QUICK_ORDER_PAGE_ROWS) {
    const page = rows.slice(start, start + QUICK_ORDER_PAGE_ROWS);
    const answer = await crmCall(session, 'checkQuickOrder', { ...accountScope(session), rows: page });
    currency = answer.currency;
    results.push(...answer.results);
  }
  return { currency, results };
}

/** Every row into the viewer's cart in one CRM call: all of them or, when one cannot be ordered, none. */
export function addRows(session: StorefrontSession, rows: readonly QuickOrderRow[]) {
  return crmCall(session, 'addQuickOrder', { ...accountScope(session), rows: [...rows] });
}
