import type { PaymentMethod } from '@storefront/contracts/crm-payment-methods';
import { useEffect, useState } from 'react';
import { Form, type MetaDescriptor, useNavigate, useNavigation } from 'react-router';
import { ProviderRedirect } from '../../components/ProviderRedirect';
import { useToast } from '../../components/toast/Toasts';
import { cardName } from '../../features/payment-methods/card-name';
import {
  listPaymentMethods,
  paymentMethodAction,
  returnNotice,
} from '../../features/payment-methods/payment-methods.server';
import { readForm } from '../../lib/form.server';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/payment-methods';
import styles from './payment-methods.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];
export const meta: Route.MetaFunction = (): MetaDescriptor[] => [{ title: 'Payment methods' }];

/**
 * Saved payment methods, /billing/paymentmethods (docs/decisions/0030): the account's cards as the provider's
 * tokens, shown by brand, last 4 and expiry; a card is added on the provider's hosted page, never here.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const now = new Date();
  return {
    methods: await listPaymentMethods(session),
    notice: returnNotice(session.url),
    // Months since year 0, to tell an expired card (valid through its expiry month).
    currentMonth: now.getUTCFullYear() * 12 + now.getUTCMonth() + 1,
  };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  return paymentMethodAction(session, await readForm(args.request));
}

export default function PaymentMethodsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { methods, notice, currentMonth } = loaderData;
  const toast = useToast();
  const busy = useNavigation().state !== 'idle';
  const navigate = useNavigate();
  useEffect(() => {
    if (!notice) return;
    toast.show({ message: notice.message, variant: notice.variant });
    // The provider's reference has been read: a reload or a bookmark must not tell it again.
    navigate('.', { replace: true, preventScrollReset: true });
  }, [notice, toast, navigate]);
  useEffect(() => {
    if (actionData?.ok && actionData.message) toast.show({ message: actionData.message, variant: 'success' });
  }, [actionData, toast]);
  const request = actionData?.ok ? actionData.request : null;

  return (
    <section className="payment-methods" aria-labelledby="payment-methods-heading">
      <h1 id="payment-methods-heading">Payment methods</h1>
      <p className="payment-methods__intro">
        Cards saved for paying invoices and orders. The card number stays with our payment provider: we keep
        only its brand, last four digits and expiry.
      </p>
      {actionData && !actionData.ok && (
        <p role="alert" className="payment-methods__problem">
          {actionData.message}
        </p>
      )}
      {methods.length === 0 ? (
        <p>You have no saved cards.</p>
      ) : (
        <ul className="payment-methods__list" aria-label="Saved cards">
          {methods.map((method) => (
            <SavedCard key={method.id} method={method} currentMonth={currentMonth} busy={busy} />
          ))}
        </ul>
      )}
      <Form method="post">
        <button
          type="submit"
          name="intent"
          value="add"
          className="button"
          disabled={busy || request !== null}
        >
          Add a card
        </button>
      </Form>
      {request && (
        <ProviderRedirect
          request={request}
          label="Continue to the secure card page"
          className="payment-methods__continue"
        />
      )}
    </section>
  );
}

function SavedCard({
  method,
  currentMonth,
  busy,
}: {
  method: PaymentMethod;
  currentMonth: number;
  busy: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const expired = method.expYear * 12 + method.expMonth < currentMonth;
  const name = cardName(method);
  const expiry = `${String(method.expMonth).padStart(2, '0')}/${method.expYear}`;
  return (
    <li className="saved-card" aria-label={name}>
      <div className="saved-card__facts">
        <span className="saved-card__brand">{method.brand}</span>
        <span className="saved-card__number">
          <span aria-hidden="true">•••• </span>
          <span className="visually-hidden">ending in </span>
          {method.last4}
        </span>
        <span className={expired ? 'saved-card__expiry saved-card__expiry--past' : 'saved-card__expiry'}>
          {expired ? `Expired ${expiry}` : `Expires ${expiry}`}
        </span>
        {method.isDefault && <span className="saved-card__badge">Default</span>}
      </div>
      <div className="saved-card__actions">
        {confirming ? (
          <Form method="post" className="saved-card__confirm" role="group" aria-label={`Remove ${name}?`}>
            <p>Remove {name}?</p>
            <input type="hidden" name="paymentMethodId" value={method.id} />
            <button type="submit" name="intent" value="remove" className="button" disabled={busy}>
              Yes, remove
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              Keep card
            </button>
          </Form>
        ) : (
          <>
            {!method.isDefault && (
              <Form method="post">
                <input type="hidden" name="paymentMethodId" value={method.id} />
                <button
                  type="submit"
                  name="intent"
                  value="default"
                  className="button button--secondary"
                  disabled={busy}
                  aria-label={`Make default: ${name}`}
                >
                  Make default
                </button>
              </Form>
            )}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setConfirming(true)}
              aria-label={`Remove ${name}`}
            >
              Remove
            </button>
          </>
        )}
      </div>
    </li>
  );
}
