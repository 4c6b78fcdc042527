import type { QuoteTax } from '@storefront/contracts/crm-tax';
import { useEffect, useState } from 'react';
import { useCheckoutAction } from '../../features/checkout/use-checkout-action';
import { formatDiscount, formatMoney } from '../../lib/format';
import type { BlockProps } from '../types';
import { addressLine } from './address-form';

/** C§9: the summary asks for the tax every 100 ms until it is calculated or the CRM says why it is not. */
export const TAX_POLL_MS = 100;
/** Beyond this many asks (10 s) the summary stops and says the tax is not known yet. */
const TAX_POLL_LIMIT = 100;

/** The order summary (C§4): lines, subtotal, discount, shipping, surcharge, tax and total in the quote's currency. */
export function QuoteSummary({ fields, data, block }: BlockProps<'quoteSummary'>) {
  const tax = useQuoteTax(data?.quote.id ?? null, data?.quote.modifiedAt ?? '');
  if (!data) return null;
  const { quote, lines } = data;
  const money = (amount: number) => formatMoney(amount, quote.currency);
  const total = tax.value?.taxStatus === 'NotCalculated' ? quote.total : (tax.value?.total ?? quote.total);
  const headingId = `${block.blockId}-heading`;
  return (
    <section className="checkout-summary" aria-labelledby={headingId}>
      <h2 id={headingId}>{fields.heading}</h2>
      <ul className="checkout-summary__lines">
        {lines.map((line) => (
          <li key={line.id} className="checkout-summary__line">
            <span>
              {line.name} <span className="checkout-summary__qty">× {line.qty}</span>
            </span>
            <span>{money(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="checkout-summary__totals">
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="summary-subtotal">{money(quote.subtotal)}</dd>
        </div>
        {quote.discount > 0 && (
          <div>
            <dt>Discount</dt>
            <dd data-testid="summary-discount">{formatDiscount(quote.discount, quote.currency)}</dd>
          </div>
        )}
        <div>
          <dt>Shipping</dt>
          <dd data-testid="summary-shipping">{money(quote.shippingAmount)}</dd>
        </div>
        {quote.shippingSurcharge > 0 && (
          <div>
            <dt>Cold-chain surcharge</dt>
            <dd data-testid="summary-surcharge">{money(quote.shippingSurcharge)}</dd>
          </div>
        )}
        <div>
          <dt>Tax</dt>
          <dd data-testid="summary-tax" aria-live="polite">
            {tax.value?.tax != null
              ? money(tax.value.tax)
              : (tax.value?.message ?? (tax.gaveUp ? 'Not known yet' : 'Calculating…'))}
          </dd>
        </div>
        <div className="checkout-summary__total">
          <dt>Total</dt>
          <dd data-testid="summary-total">{money(total)}</dd>
        </div>
      </dl>
      {data.deliverTo && (
        <p className="checkout-summary__deliver-to" data-testid="summary-deliver-to">
          <strong>Deliver to:</strong> {addressLine(data.deliverTo)}
        </p>
      )}
    </section>
  );
}

/** The quote's tax, asked again every 100 ms while it is not calculated and the CRM gives no reason. */
function useQuoteTax(quoteId: string | null, version: string): { value: QuoteTax | null; gaveUp: boolean } {
  const ask = useCheckoutAction();
  const { submit, result } = ask;
  const [asked, setAsked] = useState(0);
  // A changed quote (a new address or method) is asked for afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version marks a new quote state to ask about.
  useEffect(() => {
    if (!quoteId) return;
    setAsked(1);
    submit('tax', { quoteId });
  }, [quoteId, version]);
  const value = result?.ok ? result.tax : null;
  const pending = value !== null && value.taxStatus === 'NotCalculated' && value.message === null;
  useEffect(() => {
    if (!quoteId || !pending || asked >= TAX_POLL_LIMIT) return;
    const timer = setTimeout(() => {
      setAsked((count) => count + 1);
      submit('tax', { quoteId });
    }, TAX_POLL_MS);
    return () => clearTimeout(timer);
  }, [quoteId, pending, asked, submit]);
  return { value, gaveUp: pending && asked >= TAX_POLL_LIMIT };
}
