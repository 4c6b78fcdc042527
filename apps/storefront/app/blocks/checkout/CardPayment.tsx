import type { AccountPayOnlineTerm, ShuttleCheckoutInfo } from '@storefront/contracts/crm-payments';
import { ProviderRedirect } from '../../components/ProviderRedirect';
import { useCheckoutAction } from '../../features/checkout/use-checkout-action';
import { formatMoney } from '../../lib/format';

/** What each pay-online term means for the buyer (C§4). */
const TERM_TEXT: Record<AccountPayOnlineTerm, string> = {
  'Payment Required': 'Payment is required: pay by card before you place the order.',
  'Payment Optional': 'Payment is optional: pay by card now, or place the order to be invoiced.',
  'No Payment': 'This order is invoiced: no payment is taken online.',
};

/**
 * The pay-online terms and card payment: the CRM signs a request for the amount it computes, the browser posts
 * it to the provider's page, and the buyer comes back here, where the CRM's record of the payment shows.
 */
export function CardPayment({
  quoteId,
  info,
  payOnline,
}: {
  quoteId: string;
  info: ShuttleCheckoutInfo;
  payOnline: boolean;
}) {
  const pay = useCheckoutAction();
  const request = pay.result?.ok ? pay.result.payment : null;
  const { payment, payOnlineTerms } = info;
  const paid = payment?.status === 'Succeeded';
  return (
    <div className="checkout-payment">
      <p>
        {TERM_TEXT[payOnlineTerms.term]}
        {payOnlineTerms.fromAccount ? " (your account's terms)" : ''}
      </p>
      {payment && (
        <p
          className={paid ? 'checkout-paid' : 'checkout-field__error'}
          role="status"
          data-testid="payment-state"
        >
          {paid
            ? `Paid ${formatMoney(payment.amount, payment.currency)} by ${payment.brand} ending in ${payment.last4}.`
            : `Your card was declined (${(payment.declineReason ?? 'declined').replaceAll('_', ' ')}). Try again with another card.`}
        </p>
      )}
      {payOnline && !paid && (
        <button
          type="button"
          className="button"
          disabled={pay.busy || request !== null}
          onClick={() => pay.submit('pay', { quoteId })}
        >
          Pay {formatMoney(info.amountDue, info.currency)} by card
        </button>
      )}
      {pay.refusal && (
        <p className="checkout-field__error" role="alert">
          {pay.refusal.message}
        </p>
      )}
      {request && <ProviderRedirect request={request} />}
    </div>
  );
}
