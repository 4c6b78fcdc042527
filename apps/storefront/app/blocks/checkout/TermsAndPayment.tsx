import { PAYMENT_RETURN_PARAMS } from '@storefront/contracts/crm-payments';
import { useEffect, useRef, useState } from 'react';
import { useFetcher, useRevalidator, useSearchParams } from 'react-router';
import { SpendingSummary } from '../../features/approvals/ApprovalParts';
import { CHECKOUT_SUBMIT_PATH } from '../../features/checkout/checkout-actions';
import { isQuoteChanged, markQuoteSeen } from '../../features/checkout/quote-changed';
import type { BlockProps } from '../types';
import { CardPayment } from './CardPayment';
import { CostCentreChoice } from './CostCentreChoice';
import { PoFileField, PoNumber } from './PurchaseOrder';
import { Step } from './Step';

/** C§9: how long the restart-checkout state shows. */
export const RESTART_CHECKOUT_MS = 1000;

/** What the submit route answers a refusal with; success redirects to the confirmation page. */
interface SubmitRefusal {
  ok: false;
  message: string;
}

/** Terms and payment (C§4), ending with "Place order", which posts to the submit route. */
export function TermsAndPayment({ fields, data, block }: BlockProps<'termsAndPayment'>) {
  const submit = useFetcher<SubmitRefusal>();
  const revalidator = useRevalidator();
  const [restarting, setRestarting] = useState(false);
  const [params] = useSearchParams();
  const placeOrder = useRef<HTMLButtonElement>(null);
  const payment = data?.detail?.payment;
  // Back from the provider's page with the cart paid in full: placing the order is what is left to do.
  const justPaid =
    params.get(PAYMENT_RETURN_PARAMS.status) === 'succeeded' &&
    payment !== undefined &&
    payment.amountPaid > 0 &&
    payment.amountDue === 0;
  useEffect(() => {
    if (!justPaid) return;
    placeOrder.current?.scrollIntoView({ block: 'center' });
    placeOrder.current?.focus();
  }, [justPaid]);
  useEffect(() => {
    if (!restarting || !data) return;
    const timer = setTimeout(() => {
      markQuoteSeen(data.quoteId);
      setRestarting(false);
      revalidator.revalidate();
    }, RESTART_CHECKOUT_MS);
    return () => clearTimeout(timer);
  }, [restarting, data, revalidator]);
  if (!data) return null;
  const refusal = submit.state === 'idle' && submit.data && !submit.data.ok ? submit.data.message : null;
  const detail = data.detail;
  return (
    <Step
      id={block.blockId}
      heading={fields.heading}
      available={data.available}
      complete={data.complete}
      error={refusal}
      busy={submit.state !== 'idle' || restarting}
    >
      {detail && (
        <div className="checkout-form">
          <PoNumber quoteId={data.quoteId} stored={detail.poNumber} />
          {detail.costCentre && <CostCentreChoice quoteId={data.quoteId} step={detail.costCentre} />}
          <PoFileField quoteId={data.quoteId} file={detail.poFile} />
          <CardPayment quoteId={data.quoteId} info={detail.payment} payOnline={detail.payOnline} />
        </div>
      )}
      {detail && (
        <submit.Form
          method="post"
          action={CHECKOUT_SUBMIT_PATH}
          className="checkout-form"
          onSubmit={(event) => {
            // A cart changed since shipping was chosen is checked again instead of ordered (C§4).
            if (detail.shippingIsStep && isQuoteChanged(data.quoteId)) {
              event.preventDefault();
              setRestarting(true);
            }
          }}
        >
          <input type="hidden" name="quoteId" value={data.quoteId} />
          <input type="hidden" name="templateId" value={detail.templateId} />
          {justPaid && (
            <p className="checkout-paid-notice" role="status">
              Payment received. Place the order to finish.
            </p>
          )}
          {restarting && (
            <p className="checkout-note" role="status">
              Your cart changed: restarting checkout…
            </p>
          )}
          <SpendingSummary spending={detail.spending} />
          <button
            ref={placeOrder}
            type="submit"
            className="button"
            disabled={submit.state !== 'idle' || restarting}
          >
            {submit.state !== 'idle' ? 'Placing the order…' : 'Place order'}
          </button>
        </submit.Form>
      )}
    </Step>
  );
}
