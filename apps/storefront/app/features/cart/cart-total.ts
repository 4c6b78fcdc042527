import { useEffect, useState } from 'react';
import type { CartTotal } from './cart-actions';

type Listener = (total: CartTotal) => void;
const listeners = new Set<Listener>();

/** A cart action's answer: every header showing a total takes the CRM's new one. */
export function publishCartTotal(total: CartTotal): void {
  for (const listener of listeners) listener(total);
}

/**
 * The cart total a header shows: the page's own until a cart action answers a newer one. A page that does
 * not show the cart keeps its data after a cart change (docs/decisions/0042); once the page's data is read
 * again (a navigation, a revalidation) that is the newest.
 */
export function useCartTotal(loaded: CartTotal): CartTotal {
  const [answered, setAnswered] = useState<{ total: CartTotal; over: CartTotal } | null>(null);
  useEffect(() => {
    const listener: Listener = (total) => setAnswered({ total, over: loaded });
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [loaded]);
  return answered && answered.over === loaded ? answered.total : loaded;
}
