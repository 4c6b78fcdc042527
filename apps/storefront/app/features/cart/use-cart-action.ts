import { useContext, useEffect } from 'react';
import { useFetcher, useNavigate } from 'react-router';
import { useToast } from '../../components/toast/Toasts';
import { CART_ACTION_PATH, type CartActionResult, type CartIntent, cartTotalOf } from './cart-actions';
import { CartChangeReloadsPage } from './cart-revalidation';
import { publishCartTotal } from './cart-total';
import { markQuoteChanged } from './quote-storage';

/**
 * A cart action from the page: its answer becomes a toast (spec P§8: errors in a dismissable toast, success
 * messages too), a change sets the quote's qreset flag, the header takes the repriced cart's total, and an
 * expired session goes to sign-in. A page showing the cart reloads its data after it, so the cart shows the
 * CRM's prices; other pages keep theirs (`defaultShouldRevalidate`, for the action's form). A form that shows
 * its refusals beside its field (`problemsInline`) gets no toast for them.
 */
export function useCartAction({ problemsInline = false }: { problemsInline?: boolean } = {}) {
  const fetcher = useFetcher<CartActionResult>();
  const toast = useToast();
  const navigate = useNavigate();
  const defaultShouldRevalidate = useContext(CartChangeReloadsPage) ? undefined : false;
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      if (result.signInPath) navigate(result.signInPath);
      // Going to sign-in takes the form away, so its message goes in a toast.
      if (result.signInPath || !problemsInline) toast.show({ message: result.message, variant: 'error' });
      return;
    }
    if (result.quoteId) markQuoteChanged(result.quoteId);
    if (result.cart) publishCartTotal(cartTotalOf(result.cart));
    if (result.message) toast.show({ message: result.message, variant: 'success' });
  }, [result, toast, navigate, problemsInline]);

  const submit = (intent: CartIntent, fields: Record<string, string | number>) =>
    fetcher.submit(
      { intent, ...fields },
      { method: 'post', action: CART_ACTION_PATH, defaultShouldRevalidate },
    );
  return { submit, busy: fetcher.state !== 'idle', Form: fetcher.Form, defaultShouldRevalidate, result };
}
