import { useId } from 'react';
import { CART_ACTION_PATH } from './cart-actions';
import { useCartAction } from './use-cart-action';

interface AddToCartProps {
  item: { id: string; name: string };
  label: string;
  primary: boolean;
}

/** ADD_TO_CART: a quantity and a button; the CRM prices the line, a toast confirms it. */
export function AddToCart({ item, label, primary }: AddToCartProps) {
  const qtyId = useId();
  const add = useCartAction();
  return (
    <add.Form
      method="post"
      action={CART_ACTION_PATH}
      defaultShouldRevalidate={add.defaultShouldRevalidate}
      className="add-to-cart"
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="catalogItemId" value={item.id} />
      <label htmlFor={qtyId} className="visually-hidden">
        Quantity of {item.name}
      </label>
      <input
        id={qtyId}
        name="qty"
        type="number"
        inputMode="numeric"
        min={1}
        max={100_000}
        step={1}
        defaultValue={1}
        required
        className="add-to-cart__qty"
      />
      <button type="submit" className={primary ? 'button' : 'button button--secondary'} disabled={add.busy}>
        {add.busy ? 'Adding…' : label}
        <span className="visually-hidden"> {item.name}</span>
      </button>
    </add.Form>
  );
}
