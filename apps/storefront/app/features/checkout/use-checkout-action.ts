import { useEffect } from 'react';
import { useFetcher, useNavigate } from 'react-router';
import { CHECKOUT_ACTION_PATH, type CheckoutActionResult, type CheckoutIntent } from './checkout-actions';

/**
 * One checkout block's writes: its own fetcher, so its busy flag and its refusal (the block's error slot) are
 * its own and a failure in one block never blanks another. The page's loaders revalidate after a write, so
 * every step shows what the CRM now holds. An expired session goes to sign-in.
 */
export function useCheckoutAction() {
  const fetcher = useFetcher<CheckoutActionResult>();
  const navigate = useNavigate();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (result && !result.ok && result.signInPath) navigate(result.signInPath);
  }, [result, navigate]);
  const submit = (intent: CheckoutIntent, fields: Record<string, string>) =>
    fetcher.submit({ intent, ...fields }, { method: 'post', action: CHECKOUT_ACTION_PATH });
  return {
    submit,
    busy: fetcher.state !== 'idle',
    refusal: result && !result.ok ? result : null,
    result,
  };
}
