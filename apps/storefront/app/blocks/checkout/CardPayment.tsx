import type {
  AccountPayOnlineTerm,
  RefundStatus,
  ShuttleCheckoutInfo,
} from '@storefront/contracts/crm-payments';
import { ProviderRedirect } from '../../components/ProviderRedirect';
import { useCheckoutAction } from '../../features/checkout/use-checkout-action';
import { formatMoney } from '../../lib/format';

/** What each pay-online term means for the buyer (C§4). */
const TERM_TEXT: Record<AccountPayOnlineTerm, string> = {
  'Payment Required': 'Payment is required: pay by card before you place the order.',
  'Payment Optional': 'Payment is optional: pay by card now, or place the order to be invoiced.',
  'No Payment': 'This order is invoiced: no payment is taken online.',
};

/** How the buyer reads where a refund stands. */
const REFUND_STATE: Record<RefundStatus, string> = {
  Pending: 'is being refunded',
  Refunded: 'was refunded',
  Failed: 'will be refunded by our team, who will contact you,',
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
  const { payment, payOnlineTerms, currency } = info;
  const money = (amount: number) => formatMoney(amount, currency);
  const paid = info.amountPaid > 0;
  const over = Math.round((info.amountPaid - info.total) * 100) / 100;
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
            ? // Several card payments (the difference paid after the cart grew) are one sum; the card named is the last.
              payment.amount === info.amountPaid
              ? `Paid ${money(info.amountPaid)} by ${payment.brand} ending in ${payment.last4}.`
              : `Paid ${money(info.amountPaid)} by card, the last payment by ${payment.brand} ending in ${payment.last4}.`
            : `Your card was declined (${(payment.declineReason ?? 'declined').replaceAll('_', ' ')}). Try again with another card.`}
          {paid && info.amountDue > 0 && (
            <>
              {' '}
              The total is now {money(info.total)}: {money(info.amountDue)} is left to pay
              {payOnlineTerms.paymentRequired
                ? ' before you place the order.'
                : ', by card now or on your invoice.'}
            </>
          )}
          {over > 0 && (
            <>
              {' '}
              The total is now {money(info.total)}: the {money(over)} paid over it goes back to your card when
              you place the order.
            </>
          )}
        </p>
      )}
      {info.refunds.length > 0 && (
        <ul className="checkout-refunds" aria-label="Refunds">
          {info.refunds.map((refund) => (
            <li key={`${refund.createdAt}-${refund.amount}`}>
              {money(refund.amount)} {REFUND_STATE[refund.status]} to {refund.brand} ending in {refund.last4}:{' '}
              {refund.reason}.
            </li>
          ))}
        </ul>
      )}
      {payOnline && info.amountDue > 0 && (
        <button
          type="button"
          className="button"
          disabled={pay.busy || request !== null}
          onClick={() => pay.submit('pay', { quoteId })}
        >
          {paid
            ? `Pay the remaining ${money(info.amountDue)} by card`
            : `Pay ${money(info.amountDue)} by card`}
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
