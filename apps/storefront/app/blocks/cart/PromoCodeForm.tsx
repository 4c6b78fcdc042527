import { useEffect, useId, useState } from 'react';
import { CART_ACTION_PATH } from '../../features/cart/cart-actions';
import { useCartAction } from '../../features/cart/use-cart-action';

/**
 * The promo code: the applied one with a way to remove it, and the entry for a code, which replaces the applied
 * one. A refused code is said beside the field, which keeps what was typed; the CRM decides which lines a code
 * covers and what it takes off.
 */
export function PromoCodeForm({ quoteId, applied }: { quoteId: string; applied: string | null }) {
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  const promo = useCartAction({ problemsInline: true });
  const removal = useCartAction();
  const [code, setCode] = useState('');
  const result = promo.result;
  const problem = result && !result.ok ? result.message : null;
  useEffect(() => {
    if (result?.ok) setCode('');
  }, [result]);
  const describedBy = [applied ? hintId : null, problem ? problemId : null].filter(Boolean).join(' ');

  return (
    <div className="promo-code">
      {applied && (
        <p className="promo-code__applied">
          <span>
            Promo code <strong>{applied}</strong> applied
          </span>
          <button
            type="button"
            className="button button--secondary"
            disabled={removal.busy}
            aria-label={`Remove promo code ${applied}`}
            onClick={() => removal.submit('removePromo', { quoteId, promoCode: applied })}
          >
            Remove
          </button>
        </p>
      )}
      <promo.Form method="post" action={CART_ACTION_PATH} className="promo-code__form">
        <input type="hidden" name="intent" value="promo" />
        <input type="hidden" name="quoteId" value={quoteId} />
        <label htmlFor={inputId}>Promo code</label>
        {applied && (
          <p id={hintId} className="promo-code__hint">
            Applying another code replaces {applied}.
          </p>
        )}
        <div className="promo-code__row">
          <input
            id={inputId}
            name="promoCode"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            maxLength={64}
            autoComplete="off"
            required
            aria-invalid={problem !== null}
            aria-describedby={describedBy || undefined}
            className="promo-code__input"
          />
          <button type="submit" className="button button--secondary" disabled={promo.busy}>
            {promo.busy ? 'Applying…' : 'Apply'}
          </button>
        </div>
        {problem && (
          <p id={problemId} className="field-error" role="alert">
            {problem}
          </p>
        )}
      </promo.Form>
    </div>
  );
}
