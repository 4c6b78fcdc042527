import type { ReactNode } from 'react';

interface StepProps {
  id: string;
  heading: string;
  available: boolean;
  complete: boolean;
  /** The block's error slot: what its last write was refused with. */
  error?: string | null;
  busy?: boolean;
  children: ReactNode;
}

/** One checkout step: its heading and state, its error slot, and its content once the step is open. */
export function Step({ id, heading, available, complete, error, busy = false, children }: StepProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      className={`checkout-step${available ? '' : ' checkout-step--closed'}`}
      aria-labelledby={headingId}
      aria-busy={busy}
      data-step={id}
    >
      <h2 id={headingId}>
        {heading}
        {complete && <span className="checkout-step__done"> (done)</span>}
      </h2>
      {error && (
        <p className="checkout-step__error" role="alert">
          {error}
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
