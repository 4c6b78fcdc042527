import { useEffect, useId, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { AddToListResult } from './add-to-list-api';
import type { ListEntry } from './entries';

/** One entry per SKU, quantities summed: the list keeps one line per product. */
function mergedBySku(entries: readonly ListEntry[]): ListEntry[] {
  const bySku = new Map<string, number>();
  for (const { sku, qty } of entries) bySku.set(sku, (bySku.get(sku) ?? 0) + qty);
  return [...bySku].map(([sku, qty]) => ({ sku, qty }));
}

/** Where the control reads the buyer's lists and posts its adds (routes.ts). */
export const ADD_TO_LIST_PATH = '/api/requisition-lists';

interface AddToListProps {
  /** What goes on the list: one product (its quantity asked here) or lines of a cart, order or quick order. */
  entries: readonly ListEntry[];
  /** The button's words, e.g. "Add to list" or "Add all lines to a list". */
  label: string;
  /** Names what is added for a screen reader, e.g. the product's name or "the cart". */
  subject: string;
}

/**
 * "Add to list": a small panel that opens under its button, to pick one of the buyer's lists (or name a new one)
 * and, for a single product, the quantity. The lists are read when it opens; the CRM adds and says what it kept out.
 */
export function AddToList({ entries, label, subject }: AddToListProps) {
  const id = useId();
  const lists = useFetcher<{ lists: { listId: string; name: string }[] }>();
  const add = useFetcher<AddToListResult>();
  const [choice, setChoice] = useState('');
  // Until the page's script runs the form posts as a page would: the answer then opens the list (add-to-list-api).
  const [scripted, setScripted] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  const { load } = lists;
  useEffect(() => {
    setScripted(true);
    // Opened before the script ran: the toggle that reads the lists came too early to be heard.
    if (details.current?.open) load(ADD_TO_LIST_PATH);
  }, [load]);
  const merged = mergedBySku(entries);
  const single = merged.length === 1 ? merged[0] : undefined;
  const busy = add.state !== 'idle';
  const result = add.data;
  const known = lists.data?.lists ?? [];
  // A list the add just made is the one the next add goes to: the choice reads it from the lists read again.
  useEffect(() => {
    if (!result?.ok) return;
    load(ADD_TO_LIST_PATH);
    setChoice(result.listId);
  }, [result, load]);
  return (
    <details
      ref={details}
      className="add-to-list"
      onToggle={(event) => {
        if (event.currentTarget.open && lists.state === 'idle') lists.load(ADD_TO_LIST_PATH);
      }}
    >
      <summary className="button button--secondary">
        {label}
        <span className="visually-hidden"> ({subject})</span>
      </summary>
      <add.Form
        method="post"
        action={ADD_TO_LIST_PATH}
        className="add-to-list__panel"
        aria-label={`${label}: ${subject}`}
      >
        <input type="hidden" name="via" value={scripted ? 'fetcher' : 'page'} />
        {!single &&
          merged.map((entry) => (
            <span key={entry.sku} hidden>
              <input type="hidden" name="sku" value={entry.sku} />
              <input type="hidden" name="qty" value={entry.qty} />
            </span>
          ))}
        <label htmlFor={`${id}-list`}>List</label>
        <select
          id={`${id}-list`}
          name="listId"
          value={choice}
          onChange={(event) => setChoice(event.currentTarget.value)}
          aria-busy={lists.state === 'loading'}
        >
          <option value="">A new list…</option>
          {known.map((list) => (
            <option key={list.listId} value={list.listId}>
              {list.name}
            </option>
          ))}
        </select>
        {choice === '' && (
          <>
            <label htmlFor={`${id}-name`}>Name of the new list</label>
            <input id={`${id}-name`} name="newListName" maxLength={80} required autoComplete="off" />
          </>
        )}
        {single && (
          <>
            <input type="hidden" name="sku" value={single.sku} />
            <label htmlFor={`${id}-qty`}>Quantity</label>
            <input
              id={`${id}-qty`}
              name="qty"
              type="number"
              inputMode="numeric"
              min={1}
              max={100_000}
              step={1}
              defaultValue={single.qty}
              required
            />
          </>
        )}
        {!single && (
          <p className="add-to-list__note">
            {merged.length} {merged.length === 1 ? 'line' : 'lines'} with their quantities.
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Adding…' : 'Add'}
        </button>
        <div role="status" className="add-to-list__result">
          {result?.ok && (
            <>
              <p>
                Added {result.added} {result.added === 1 ? 'line' : 'lines'} to{' '}
                <Link to={result.listHref}>{result.listName}</Link>.
              </p>
              {result.refused.length > 0 && (
                <ul className="add-to-list__refused">
                  {result.refused.map((line) => (
                    <li key={line.sku}>{line.message}</li>
                  ))}
                </ul>
              )}
            </>
          )}
          {result && !result.ok && <p className="add-to-list__problem">{result.problem}</p>}
        </div>
      </add.Form>
    </details>
  );
}
