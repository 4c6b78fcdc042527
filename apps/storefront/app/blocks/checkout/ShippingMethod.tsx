import {
  OWN_CARRIER_LABEL,
  type SavedShipping,
  type ShippingOption,
} from '@storefront/contracts/crm-shipping';
import { useEffect, useState } from 'react';
import { useFetchers } from 'react-router';
import { preferredOption } from '../../features/checkout/preferred-method';
import { markQuoteSeen } from '../../features/checkout/quote-changed';
import { useCheckoutAction } from '../../features/checkout/use-checkout-action';
import { formatMoney } from '../../lib/format';
import type { BlockData, BlockProps } from '../types';
import { Step } from './Step';

type MethodDetail = NonNullable<NonNullable<BlockData['shippingMethod']>['detail']>;

/** The key of an option among the offered ones; the own carrier's is its label. */
function optionKey(
  option: Pick<ShippingOption, 'ShippingCarrier' | 'ShippingMethod' | 'customerShippingAccount'>,
): string {
  return option.customerShippingAccount !== null
    ? OWN_CARRIER_LABEL
    : `${option.ShippingCarrier}|${option.ShippingMethod}`;
}

/** The shipping method step (C§4): the CRM's rates for the quote's address, or the buyer's own carrier. */
export function ShippingMethod({ fields, data, block }: BlockProps<'shippingMethod'>) {
  const save = useCheckoutAction();
  const savedFor = save.result?.ok && save.result.intent === 'saveShipping' ? data?.quoteId : undefined;
  // The method was chosen for the cart as it now is: placing the order need not restart the checkout (C§4).
  useEffect(() => {
    if (savedFor) markQuoteSeen(savedFor);
  }, [savedFor]);
  if (!data) return null;
  return (
    <Step
      id={block.blockId}
      heading={fields.heading}
      available={data.available}
      complete={data.complete}
      error={save.refusal?.message ?? null}
      busy={save.busy}
      summary={data.detail ? <MethodSummary detail={data.detail} /> : undefined}
      saved={save.result?.ok ? save.result : undefined}
    >
      {data.detail && (
        <MethodChoice
          // A new selection on the server (after an address change, say) starts the choice afresh.
          key={selectionKey(data.detail.rates.selected)}
          quoteId={data.quoteId}
          detail={data.detail}
          saved={data.complete}
          save={save}
        />
      )}
    </Step>
  );
}

/** The saved method and what it costs, that nothing is shipped, or why no rate is offered. */
function MethodSummary({ detail }: { detail: MethodDetail }) {
  const { rates, currency } = detail;
  const selected = rates.selected;
  if (!rates.requiresShipping || !selected) return <p>{rates.message ?? rates.errorMessage}</p>;
  const own = selected.customerShippingAccount !== null;
  return (
    <p>
      <strong>
        {selected.ShippingCarrier} {selected.ShippingMethod}
      </strong>
      {own ? (
        <> on your carrier account {selected.customerShippingAccount}</>
      ) : (
        <> — {formatMoney(selected.ShippingCharge, currency)}</>
      )}
      {selected.quoteAdditionalSurcharge > 0 && (
        <> + cold-chain surcharge {formatMoney(selected.quoteAdditionalSurcharge, currency)}</>
      )}
    </p>
  );
}

/** The key of the quote's saved method among the options; '' when none is saved. */
function selectionKey(selected: SavedShipping | null): string {
  return selected ? optionKey(selected) : '';
}

function MethodChoice({
  quoteId,
  detail,
  saved,
  save,
}: {
  quoteId: string;
  detail: MethodDetail;
  /** The step is complete on the server: a method is saved there. */
  saved: boolean;
  save: ReturnType<typeof useCheckoutAction>;
}) {
  const { rates, carriers } = detail;
  const options = rates.ShippingResults.flatMap((group) => group.ShippingInfo);
  const selected = rates.selected;
  const selectedKey = selectionKey(selected);
  const start = selected ?? preferredOption(options, detail.preferred);
  const [choice, setChoice] = useState(start ? optionKey(start) : '');
  const [carrier, setCarrier] = useState(start?.customerShippingAccount ? start.ShippingCarrier : '');
  const [service, setService] = useState(start?.customerShippingAccount ? start.ShippingMethod : '');
  const [account, setAccount] = useState(start?.customerShippingAccount ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  // Saving an address elsewhere clears the quote's method: a method saved meanwhile would be lost with it.
  const addressSaving = useFetchers().some((fetcher) => fetcher.formData?.get('intent') === 'saveAddress');

  if (!rates.requiresShipping) return <p className="checkout-note">{rates.message}</p>;
  if (options.length === 0) {
    return (
      <p className="checkout-note">{rates.errorMessage ?? 'No shipping method reaches this address.'}</p>
    );
  }
  const own = choice === OWN_CARRIER_LABEL;
  const services = carriers.find((entry) => entry.carrier === carrier)?.services ?? [];
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const option = options.find((entry) => optionKey(entry) === choice);
    if (!option) return setProblem('Choose a shipping method.');
    if (own && (!carrier || !service || !account.trim())) {
      return setProblem('Choose your carrier and service and enter your carrier account number.');
    }
    setProblem(null);
    // An unchanged method is not saved again (C§4), once the server holds it.
    if (
      saved &&
      choice === selectedKey &&
      (!own ||
        (account === selected?.customerShippingAccount &&
          carrier === selected?.ShippingCarrier &&
          service === selected?.ShippingMethod))
    )
      return;
    save.submit('saveShipping', {
      quoteId,
      carrier: own ? carrier : option.ShippingCarrier,
      method: own ? service : option.ShippingMethod,
      customerShippingAccount: own ? account : '',
    });
  };
  return (
    <form className="checkout-form" noValidate onSubmit={onSubmit}>
      {rates.errorMessage && <p className="checkout-note">{rates.errorMessage}</p>}
      <fieldset
        className="checkout-methods"
        aria-describedby={problem ? `${quoteId}-method-problem` : undefined}
      >
        <legend>Choose how to ship</legend>
        {options.map((option) => {
          const key = optionKey(option);
          const inputId = `${quoteId}-method-${key}`;
          return (
            <div key={key} className="checkout-field checkout-field--check">
              <input
                id={inputId}
                type="radio"
                name="shippingMethod"
                value={key}
                checked={choice === key}
                onChange={() => setChoice(key)}
              />
              <label htmlFor={inputId}>
                {option.labelToShow}
                {option.customerShippingAccount === null && (
                  <> — {formatMoney(option.ShippingCharge, detail.currency)}</>
                )}
                {option.quoteAdditionalSurcharge > 0 && (
                  <span className="checkout-surcharge">
                    {' '}
                    + cold-chain surcharge {formatMoney(option.quoteAdditionalSurcharge, detail.currency)}
                  </span>
                )}
              </label>
            </div>
          );
        })}
      </fieldset>
      {own && (
        <div className="checkout-own-carrier">
          <div className="checkout-field">
            <label htmlFor={`${quoteId}-carrier`}>Carrier</label>
            <select
              id={`${quoteId}-carrier`}
              value={carrier}
              onChange={(event) => {
                setCarrier(event.target.value);
                setService('');
              }}
            >
              <option value="">Choose a carrier</option>
              {carriers.map((entry) => (
                <option key={entry.carrier} value={entry.carrier}>
                  {entry.carrier}
                </option>
              ))}
            </select>
          </div>
          <div className="checkout-field">
            <label htmlFor={`${quoteId}-service`}>Service</label>
            <select
              id={`${quoteId}-service`}
              value={service}
              onChange={(event) => setService(event.target.value)}
            >
              <option value="">Choose a service</option>
              {services.map((entry) => (
                <option key={entry} value={entry}>
                  {entry}
                </option>
              ))}
            </select>
          </div>
          <div className="checkout-field">
            <label htmlFor={`${quoteId}-carrier-account`}>Your carrier account number</label>
            <input
              id={`${quoteId}-carrier-account`}
              value={account}
              maxLength={32}
              onChange={(event) => setAccount(event.target.value)}
            />
          </div>
        </div>
      )}
      {problem && (
        <p id={`${quoteId}-method-problem`} className="checkout-field__error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button" disabled={save.busy || addressSaving}>
        {save.busy ? 'Saving the method…' : addressSaving ? 'Waiting for the address…' : 'Use this method'}
      </button>
    </form>
  );
}
