import { useId } from 'react';
import { CART_ACTION_PATH } from '../../features/cart/cart-actions';
import { useCartAction } from '../../features/cart/use-cart-action';

/** The promo code entry; the CRM decides which lines it covers and what it takes off. */
export function PromoCodeForm({ quoteId, applied }: { quoteId: string; applied: string | null }) {
  const inputId = useId();
  const promo = useCartAction();
  if (applied) {
    return (
      <p className="promo-code promo-code--applied">
        Promo code <strong>{applied}</strong> applied
      </p>
    );
  }
  return (
    <promo.Form method="post" action={CART_ACTION_PATH} className="promo-code">
      <input type="hidden" name="intent" value="promo" />
      <input type="hidden" name="quoteId" value={quoteId} />
      <label htmlFor={inputId}>Promo code</label>
      <div className="promo-code__row">
        <input
          id={inputId}
          name="promoCode"
          maxLength={64}
          autoComplete="off"
          required
          className="promo-code__input"
        />
        <button type="submit" className="button button--secondary" disabled={promo.busy}>
          {promo.busy ? 'Applying…' : 'Apply'}
        </button>
      </div>
    </promo.Form>
  );
}
