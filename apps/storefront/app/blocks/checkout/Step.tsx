import { withoutErrorPrefix } from '@storefront/contracts/error-prefix';
import { type ReactNode, useEffect, useState } from 'react';

interface StepProps {
  id: string;
  heading: string;
  available: boolean;
  complete: boolean;
  /** The block's error slot: what its last write was refused with, shown without a leading 'ERROR: '. */
  error?: string | null;
  busy?: boolean;
  children: ReactNode;
}

/** One checkout step: its heading and state, its error slot, and its content once the step is open. */
export function Step({ id, heading, available, complete, error, busy = false, children }: StepProps) {
  const headingId = `${id}-heading`;
  // The step's forms work once the page runs its script; until then their input would be lost.
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  return (
    <section
      className={`checkout-step${available ? '' : ' checkout-step--closed'}`}
      aria-labelledby={headingId}
      aria-busy={busy}
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
      {available ? (
        children
      ) : (
        <p className="checkout-step__closed">Complete the step before this one first.</p>
      )}
    </section>
  );
}
