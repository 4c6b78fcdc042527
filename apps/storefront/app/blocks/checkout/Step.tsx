import { withoutErrorPrefix } from '@storefront/contracts/error-prefix';
import { type ReactNode, useEffect, useRef, useState } from 'react';

interface StepProps {
  id: string;
  heading: string;
  available: boolean;
  complete: boolean;
  /** The block's error slot: what its last write was refused with, shown without a leading 'ERROR: '. */
  error?: string | null;
  busy?: boolean;
  /**
   * What the completed step holds, in a line or two (the buyer, the address, the method and its price): shown
   * instead of the step's forms, with "Change" to open them again. Without one the forms always show.
   */
  summary?: ReactNode;
  /** A new value each time the step's write succeeds: the step folds back to its summary. */
  saved?: unknown;
  children: ReactNode;
}

/**
 * One checkout step: its heading and state, its error slot, and, once the step is open, its forms, or, once it
 * is done, its summary. The step being worked on is the one whose forms show, so the buyer sees where they are.
 */
export function Step({
  id,
  heading,
  available,
  complete,
  error,
  busy = false,
  summary,
  saved,
  children,
}: StepProps) {
  const headingId = `${id}-heading`;
  // The step's forms work once the page runs its script; until then their input would be lost.
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  const [changing, setChanging] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each successful write folds the step again.
  useEffect(() => setChanging(false), [saved]);
  const folded = available && complete && summary !== undefined && !changing && !error;
  const current = available && !folded;
  const body = useRef<HTMLDivElement>(null);
  // Change opens the forms where the buyer's eyes are: on the first field.
  useEffect(() => {
    if (changing) body.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
  }, [changing]);
  return (
    <section
      className={`checkout-step${available ? '' : ' checkout-step--closed'}${current ? ' checkout-step--current' : ''}`}
      aria-labelledby={headingId}
      aria-busy={busy}
      aria-current={current ? 'step' : undefined}
      data-step={id}
      data-interactive={interactive}
    >
      <h2 id={headingId}>
        {heading}
        {complete && <span className="checkout-step__done"> (done)</span>}
      </h2>
      {error && (
        <p className="checkout-step__error" role="alert">
          {withoutErrorPrefix(error)}
        </p>
      )}
      {!available ? (
        <p className="checkout-step__closed">Complete the step before this one first.</p>
      ) : folded ? (
        <div className="checkout-step__summary">
          <div className="checkout-step__summary-text">{summary}</div>
          <button
            type="button"
            className="button button--secondary"
            aria-label={`Change ${heading.toLowerCase()}`}
            onClick={() => setChanging(true)}
          >
            Change
          </button>
        </div>
      ) : (
        <div ref={body}>{children}</div>
      )}
    </section>
  );
}
