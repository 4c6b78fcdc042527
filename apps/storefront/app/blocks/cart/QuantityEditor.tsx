import { DEBOUNCE_MS } from '@storefront/contracts/constants';
import { useEffect, useId, useRef, useState } from 'react';

interface QuantityEditorProps {
  /** The quantity the CRM holds. */
  qty: number;
  itemName: string;
  busy: boolean;
  /** The answer of the last update sent; a new one means the CRM's qty is the one to show again. */
  settled: unknown;
  /** Called with a valid new quantity once typing has paused for the debounce time. */
  onChange: (qty: number) => void;
}

const MAX_QTY = 100_000;

/** What was typed, as a quantity, or the message saying how to correct it. */
export function parseQuantity(text: string): { qty: number } | { problem: string } {
  // Digits only: Number() would also take '0x10' or '1e3'.
  if (!/^-?\d+$/.test(text.trim())) return { problem: 'Enter a whole number.' };
  const qty = Number(text.trim());
  if (qty < 1) return { problem: 'Enter 1 or more, or remove the line.' };
  if (qty > MAX_QTY) return { problem: `Enter ${MAX_QTY.toLocaleString('en-US')} or less.` };
  return { qty };
}

/**
 * A line's quantity: typed or stepped. The cart is refreshed once changes pause for 500 ms (spec C§9), so
 * stepping 1 → 5 sends one update, not four.
 */
export function QuantityEditor({ qty, itemName, busy, settled, onChange }: QuantityEditorProps) {
  const inputId = useId();
  const errorId = useId();
  const [text, setText] = useState(String(qty));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const parsed = parseQuantity(text);

  // The CRM's quantity wins once no edit is waiting to be sent, also when it refused the last one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer (settled) must reset the text.
  useEffect(() => {
    if (timer.current === null) setText(String(qty));
  }, [qty, settled]);
  useEffect(() => () => clearPending(timer), []);

  const edit = (next: string) => {
    setText(next);
    clearPending(timer);
    const value = parseQuantity(next);
    if (!('qty' in value)) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      if (value.qty !== qty) onChange(value.qty);
    }, DEBOUNCE_MS);
  };
  const step = (by: number) => {
    const current = 'qty' in parsed ? parsed.qty : qty;
    edit(String(Math.min(MAX_QTY, Math.max(1, current + by))));
  };

  return (
    <div className="qty-editor" aria-busy={busy}>
      <label htmlFor={inputId} className="visually-hidden">
        Quantity of {itemName}
      </label>
      <button
        type="button"
        className="qty-editor__step"
        onClick={() => step(-1)}
        aria-label={`Decrease quantity of ${itemName}`}
      >
        −
      </button>
      <input
        id={inputId}
        className="qty-editor__input"
        inputMode="numeric"
        value={text}
        onChange={(event) => edit(event.target.value)}
        aria-invalid={'problem' in parsed}
        aria-describedby={'problem' in parsed ? errorId : undefined}
      />
      <button
        type="button"
        className="qty-editor__step"
        onClick={() => step(1)}
        aria-label={`Increase quantity of ${itemName}`}
      >
        +
      </button>
      {'problem' in parsed && (
        <p id={errorId} className="field-error" role="alert">
          {parsed.problem}
        </p>
      )}
    </div>
  );
}

function clearPending(timer: { current: ReturnType<typeof setTimeout> | null }) {
  if (timer.current !== null) clearTimeout(timer.current);
  timer.current = null;
}
