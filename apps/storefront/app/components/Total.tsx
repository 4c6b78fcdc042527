/**
 * One line of a record's totals (an invoice's, an order's) in a `<dl className="record-totals">`; the strong
 * one, the total, is ruled off above. Styled by routes/billing/account-lists.css.
 */
export function Total({ term, amount, strong = false }: { term: string; amount: string; strong?: boolean }) {
  return (
    <div className={strong ? 'record-total record-total--strong' : 'record-total'}>
      <dt>{term}</dt>
      <dd>{amount}</dd>
    </div>
  );
}
