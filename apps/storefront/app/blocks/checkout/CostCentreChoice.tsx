import type { CrmAnswer } from '@storefront/contracts/crm';
import { COST_CENTRES_PATH } from '@storefront/contracts/crm-cost-centres';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useCheckoutAction } from '../../features/checkout/use-checkout-action';
import { formatDay, formatMoney } from '../../lib/format';

type QuoteCostCentre = CrmAnswer<'getQuoteCostCentre'>;

/**
 * The cost centre or grant code the order is charged to (docs/decisions/0063-cost-centres.md), saved on the
 * quote when chosen. The CRM refuses a code that cannot be charged and says why; a code chosen earlier that
 * has since expired or been deactivated is shown with that reason, and Place order refuses it too.
 */
export function CostCentreChoice({ quoteId, step }: { quoteId: string; step: QuoteCostCentre }) {
  const save = useCheckoutAction();
  const [value, setValue] = useState(step.chosen?.id ?? '');
  const inputId = `${quoteId}-cost-centre`;
  const refusal = save.refusal?.intent === 'saveCostCentre' ? save.refusal.message : null;
  const saved = step.chosen?.id ?? '';
  // A refused code was not saved: the field shows again the one the quote holds.
  useEffect(() => {
    if (refusal) setValue(saved);
  }, [refusal, saved]);
  const problem = refusal ?? step.chosen?.problem ?? null;
  // A chosen code that can no longer be charged is not among the choices, yet stays selected and named.
  const stale = step.chosen && !step.choices.some((code) => code.id === step.chosen?.id) ? step.chosen : null;
  if (step.choices.length === 0 && !stale && !step.required) return null;
  const label = `Cost centre or grant code${step.required ? '' : ' (optional)'}`;
  const chosen = step.choices.find((code) => code.id === value);
  return (
    <div className="checkout-field">
      <label htmlFor={inputId}>{label}</label>
      <select
        id={inputId}
        value={value}
        disabled={save.busy}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${inputId}-error` : chosen ? `${inputId}-note` : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          save.submit('saveCostCentre', { quoteId, costCentreId: event.target.value });
        }}
      >
        <option value="">{step.required ? 'Choose a code' : 'None'}</option>
        {stale && (
          <option value={stale.id}>
            {stale.code} – {stale.name}
          </option>
        )}
        {step.choices.map((code) => (
          <option key={code.id} value={code.id}>
            {code.code} – {code.name}
          </option>
        ))}
      </select>
      {problem && (
        <p id={`${inputId}-error`} className="checkout-field__error" role="alert">
          {problem}
        </p>
      )}
      {!problem && chosen && (
        <p id={`${inputId}-note`} className="checkout-note">
          {chosen.code} is saved on the order
          {chosen.validUntil ? `; valid until ${formatDay(chosen.validUntil)}` : ''}
          {chosen.remaining !== null
            ? `; ${formatMoney(chosen.remaining, step.currency)} of its budget left`
            : ''}
          .
        </p>
      )}
      {step.choices.length === 0 && (
        <p className="checkout-note">
          Your account has no code to charge. <Link to={COST_CENTRES_PATH}>Cost centres</Link>
        </p>
      )}
    </div>
  );
}
