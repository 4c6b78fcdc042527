import type { PreparedQuote } from '@storefront/contracts/crm-sales-quotes';
import { formatDay, formatMoney } from '../../lib/format';

/** Where a prepared quote stands, in the words a buyer acts on. */
export function preparedQuoteState(quote: PreparedQuote): string {
  if (quote.status === 'Taken') return 'Taken as a cart';
  if (quote.status === 'Withdrawn') return 'Withdrawn';
  return quote.expired ? 'Expired' : 'Open';
}

/** Who prepared it, until when it holds, and what it comes to. */
export function PreparedQuoteMeta({ quote }: { quote: PreparedQuote }) {
  return (
    <p className="record-meta">
      <span className="record-status">{preparedQuoteState(quote)}</span>
      <span>From {quote.preparedBy}</span>
      <span>Valid until {formatDay(quote.validUntil)}</span>
      <span>{quote.lineCount === 1 ? '1 line' : `${quote.lineCount} lines`}</span>
      <span>{formatMoney(quote.subtotal, quote.currency)}</span>
    </p>
  );
}
