import { QUICK_ORDER_PAGE_ROWS, type QuickOrderResult } from '@storefront/contracts/crm-quick-order';
import { useEffect, useState } from 'react';
import type { ParsedRow } from './rows';

/** Where the page sends each page of rows to be checked. */
const CHECK_URL = '/api/quick-order/check';

interface Checked {
  results: QuickOrderResult[];
  currency: string;
  /** Why checking stopped part way, or null. */
  failed: string | null;
}

/**
 * The CRM's results for a list, page after page: the results grow while the rest is checked, so a large file
 * shows its progress. A list the server checked whole (no script ran) arrives with all its results.
 */
export function usePagedCheck(list: {
  rows: ParsedRow[];
  results: QuickOrderResult[];
  currency: string;
}): Checked {
  const [checked, setChecked] = useState<Checked>({
    results: list.results,
    currency: list.currency,
    failed: null,
  });
  useEffect(() => {
    let stopped = false;
    const results = [...list.results];
    let currency = list.currency;
    setChecked({ results: [...results], currency, failed: null });
    (async () => {
      while (!stopped && results.length < list.rows.length) {
        const page = list.rows.slice(results.length, results.length + QUICK_ORDER_PAGE_ROWS);
        const body = new FormData();
        body.set('rows', JSON.stringify(page.map(({ line, sku, qty }) => ({ line, sku, qty }))));
        const response = await fetch(CHECK_URL, { method: 'POST', body });
        const answer = (await response.json().catch(() => null)) as
          | { results: QuickOrderResult[]; currency: string; message?: undefined }
          | { message: string }
          | null;
        if (stopped) return;
        if (!response.ok || !answer || !('results' in answer)) {
          const failed = answer?.message ?? 'The list could not be checked; try again.';
          setChecked({ results: [...results], currency, failed });
          return;
        }
        results.push(...answer.results);
        currency = answer.currency;
        setChecked({ results: [...results], currency, failed: null });
      }
    })();
    return () => {
      stopped = true;
    };
  }, [list]);
  return checked;
}
