import type { InvoicePaymentReceipt, PayableInvoices } from '@storefront/contracts/crm-invoice-payments';
import type { PaymentMethod } from '@storefront/contracts/crm-payment-methods';
import { type FormEvent, useId, useState } from 'react';
import { Form, Link, type MetaDescriptor, useNavigation } from 'react-router';
import { ProviderRedirect } from '../../components/ProviderRedirect';
import { loadPaymentPage, payInvoices } from '../../features/invoice-payments/invoice-payments.server';
import { isExpired, NEW_CARD, PAY_FIELDS } from '../../features/invoice-payments/payment-form';
import { InvoiceStatusBadge } from '../../features/invoices/InvoiceStatus';
import { INVOICES_PATH, invoicePath } from '../../features/invoices/paths';
import { cardName } from '../../features/payment-methods/card-name';
import { PAYMENT_METHODS_PATH } from '../../features/payment-methods/paths';
import { readForm } from '../../lib/form.server';
import { formatDay, formatMoment, formatMoney } from '../../lib/format';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/payment';
import listStyles from './account-lists.css?url';
import invoiceStyles from './invoices.css?url';
import styles from './payment.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: listStyles },
  { rel: 'stylesheet', href: invoiceStyles },
  { rel: 'stylesheet', href: styles },
];
export const meta: Route.MetaFunction = (): MetaDescriptor[] => [{ title: 'Pay invoices' }];

/**
 * Paying open invoices online, /billing/payment (docs/decisions/0033-paying-invoices.md): choose invoices
 * and amounts, pay with a saved card (charged at once) or a new card on the provider's hosted page.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  return {
    ...(await loadPaymentPage(session)),
    preselected: session.url.searchParams.get('invoice'),
    now: new Date().toISOString(),
  };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  return payInvoices(session, await readForm(args.request));
}

export default function PayInvoicesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { payable, cards, receipt, returnStatus, preselected, now } = loaderData;
  const request = actionData?.ok ? actionData.request : null;
  return (
    <section className="pay-invoices" aria-labelledby="pay-invoices-heading">
      <h1 id="pay-invoices-heading">Pay invoices</h1>
      <PaymentOutcome receipt={receipt} returnStatus={returnStatus} />
      {!payable.paymentsConfigured ? (
        <p>Invoices cannot be paid online on this store.</p>
      ) : payable.invoices.length === 0 ? (
        <p>
          You have nothing to pay: every invoice is paid. <Link to={INVOICES_PATH}>See your invoices</Link>
        </p>
      ) : (
        <PayForm
          // A payment changes what is owed: the form starts afresh instead of keeping the paid choice.
          key={payable.invoices.map((invoice) => `${invoice.id}:${invoice.balance}`).join()}
          payable={payable}
          cards={cards}
          now={new Date(now)}
          preselected={preselected}
          problems={actionData && !actionData.ok ? actionData.problems : {}}
          message={actionData && !actionData.ok ? actionData.message : null}
          redirecting={request !== null}
        />
      )}
      {request && (
        <ProviderRedirect
          request={request}
          label="Continue to the secure payment page"
          className="pay-invoices__continue"
        />
      )}
    </section>
  );
}

const reasonText = (reason: string | null) => (reason ?? 'declined').replaceAll('_', ' ');

/** What became of the payment the URL names: its receipt, a decline, or a payment that was not made. */
function PaymentOutcome({
  receipt,
  returnStatus,
}: {
  receipt: InvoicePaymentReceipt | null;
  returnStatus: string | null;
}) {
  if (receipt?.status === 'Succeeded') {
    const money = (amount: number) => formatMoney(amount, receipt.currency);
    return (
      <div className="pay-invoices__receipt" role="status" aria-labelledby="receipt-heading">
        <h2 id="receipt-heading">Payment received</h2>
        <p>
          {money(receipt.amount)} paid with {receipt.brand} ending {receipt.last4}
          {receipt.paidAt ? ` on ${formatMoment(receipt.paidAt)}` : ''}. Receipt{' '}
          <strong>{receipt.receiptNumber}</strong>; a copy is sent to your email address.
        </p>
        <ul className="pay-invoices__paid" aria-label="Invoices paid">
          {receipt.invoices.map((invoice) => (
            <li key={invoice.invoiceId}>
              <Link to={invoicePath(invoice.invoiceId)}>{invoice.invoiceNumber}</Link>
              <span>
                paid {money(invoice.amount)}, balance now {money(invoice.balance)}
              </span>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (receipt?.status === 'Refunded') {
    return (
      <p className="pay-invoices__problem" role="alert">
        Your card was charged {formatMoney(receipt.amount, receipt.currency)}, but the payment could not be
        applied because {receipt.refundReason}. The money goes back to your {receipt.brand} ending{' '}
        {receipt.last4}; check the invoices' balances before paying again.
      </p>
    );
  }
  if (receipt?.status === 'Declined') {
    return (
      <p className="pay-invoices__problem" role="alert">
        Your card was declined ({reasonText(receipt.declineReason)}). Nothing was paid: try another card.
      </p>
    );
  }
  if (returnStatus === 'cancelled') {
    return <p role="status">The payment was cancelled. Nothing was charged.</p>;
  }
  if (returnStatus === 'failed') {
    return (
      <p className="pay-invoices__problem" role="alert">
        The payment could not be confirmed, so nothing was charged. Please try again.
      </p>
    );
  }
  return null;
}

/** The sum of the chosen invoices' amounts as typed (the server checks them again). */
function chosenTotal(form: HTMLFormElement, payable: PayableInvoices): number {
  const data = new FormData(form);
  const chosen = new Set(data.getAll(PAY_FIELDS.invoice).map(String));
  let cents = 0;
  for (const invoice of payable.invoices) {
    if (!chosen.has(invoice.id)) continue;
    const amount = Number(String(data.get(PAY_FIELDS.amount(invoice.id)) ?? '').replaceAll(',', ''));
    if (Number.isFinite(amount) && amount > 0) cents += Math.round(amount * 100);
  }
  return cents / 100;
}

function PayForm({
  payable,
  cards,
  now,
  preselected,
  problems,
  message,
  redirecting,
}: {
  payable: PayableInvoices;
  cards: PaymentMethod[];
  now: Date;
  preselected: string | null;
  problems: Record<string, string>;
  message: string | null;
  redirecting: boolean;
}) {
  const id = useId();
  const busy = useNavigation().state !== 'idle';
  const currency = payable.invoices[0]?.currency ?? 'USD';
  const initial = payable.invoices.find((invoice) => invoice.id === preselected)?.balance ?? 0;
  const [total, setTotal] = useState(initial);
  const usable = cards.filter((card) => !isExpired(card, now));
  const defaultMethod = (usable.find((card) => card.isDefault) ?? usable[0])?.id ?? NEW_CARD;
  const problemId = (field: string) => `${id}-${field}-problem`;
  const problem = (field: string) =>
    problems[field] ? (
      <span id={problemId(field)} className="pay-invoices__field-problem">
        {problems[field]}
      </span>
    ) : null;
  const described = (field: string) =>
    problems[field] ? { 'aria-invalid': true, 'aria-describedby': problemId(field) } : {};
  return (
    <Form
      method="post"
      className="pay-invoices__form"
      onChange={(event: FormEvent<HTMLFormElement>) => setTotal(chosenTotal(event.currentTarget, payable))}
    >
      <p>
        {payable.partialPaymentsAllowed
          ? "Choose the invoices to pay. Your account's terms let you pay part of an invoice: change the amount to pay."
          : 'Choose the invoices to pay. Each invoice is paid in full.'}
      </p>
      {message && (
        <p className="pay-invoices__problem" role="alert">
          {message}
        </p>
      )}
      <fieldset className="pay-invoices__invoices" {...described(PAY_FIELDS.invoice)}>
        <legend>Invoices still owed</legend>
        {problem(PAY_FIELDS.invoice)}
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Pay</th>
              <th scope="col">Invoice</th>
              <th scope="col">Due date</th>
              <th scope="col">Status</th>
              <th scope="col" className="data-table__amount">
                Balance
              </th>
              <th scope="col" className="data-table__amount">
                Amount to pay
              </th>
            </tr>
          </thead>
          <tbody>
            {payable.invoices.map((invoice) => {
              const amountField = PAY_FIELDS.amount(invoice.id);
              return (
                <tr key={invoice.id}>
                  <td data-label="Pay">
                    <input
                      type="checkbox"
                      name={PAY_FIELDS.invoice}
                      value={invoice.id}
                      defaultChecked={invoice.id === preselected}
                      aria-label={`Pay ${invoice.invoiceNumber}`}
                      className="pay-invoices__check"
                    />
                  </td>
                  <th scope="row" data-label="Invoice">
                    <Link to={invoicePath(invoice.id)}>{invoice.invoiceNumber}</Link>
                  </th>
                  <td data-label="Due date">{formatDay(invoice.dueDate)}</td>
                  <td data-label="Status">
                    <InvoiceStatusBadge status={invoice.status} />
                  </td>
                  <td data-label="Balance" className="data-table__amount">
                    {formatMoney(invoice.balance, invoice.currency)}
                  </td>
                  <td data-label="Amount to pay" className="data-table__amount">
                    <span className="pay-data-table__amount">
                      <input
                        type="text"
                        inputMode="decimal"
                        name={amountField}
                        defaultValue={invoice.balance.toFixed(2)}
                        readOnly={!payable.partialPaymentsAllowed}
                        aria-label={`Amount to pay on ${invoice.invoiceNumber} (${invoice.currency})`}
                        {...described(amountField)}
                      />
                      {problem(amountField)}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </fieldset>
      <fieldset className="pay-invoices__methods" {...described(PAY_FIELDS.method)}>
        <legend>Pay with</legend>
        {problem(PAY_FIELDS.method)}
        {cards.map((card) => {
          const expiry = `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
          const expired = isExpired(card, now);
          return (
            <label key={card.id} className="pay-invoices__method">
              <input
                type="radio"
                name={PAY_FIELDS.method}
                value={card.id}
                defaultChecked={card.id === defaultMethod}
                disabled={expired}
              />
              <span>
                {cardName(card)}
                <span className={expired ? 'pay-invoices__expired' : 'pay-invoices__expiry'}>
                  {expired ? ` Expired ${expiry}` : ` Expires ${expiry}`}
                </span>
              </span>
            </label>
          );
        })}
        <label className="pay-invoices__method">
          <input
            type="radio"
            name={PAY_FIELDS.method}
            value={NEW_CARD}
            defaultChecked={defaultMethod === NEW_CARD}
          />
          <span>A new card, entered on our payment provider's secure page</span>
        </label>
        <p className="pay-invoices__hint">
          <Link to={PAYMENT_METHODS_PATH}>Manage saved cards</Link>
        </p>
      </fieldset>
      <div className="pay-invoices__submit">
        <p aria-live="polite">
          Total to pay: <strong>{formatMoney(total, currency)}</strong>
        </p>
        <button type="submit" className="button" disabled={busy || redirecting}>
          {total > 0 ? `Pay ${formatMoney(total, currency)}` : 'Pay'}
        </button>
      </div>
    </Form>
  );
}
