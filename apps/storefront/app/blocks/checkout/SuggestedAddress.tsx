import type { AddressSuggestion } from '../../features/checkout/checkout-actions';
import { addressLine } from './address-form';

/** The tax service's message and the address it suggests, which the buyer may apply to the form (C§5). */
export function SuggestedAddress({
  message,
  suggestion,
  onApply,
}: {
  message: string;
  suggestion: AddressSuggestion;
  onApply: (suggestion: AddressSuggestion) => void;
}) {
  return (
    <div className="checkout-suggestion" role="alert">
      <p>{message}</p>
      <p>{addressLine(suggestion)}</p>
      <button type="button" className="button button--secondary" onClick={() => onApply(suggestion)}>
        Apply the suggestion
      </button>
    </div>
  );
}
