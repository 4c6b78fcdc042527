import type { ReactNode } from 'react';

/** A column heading of amounts or counts: set to the end, like the figures under it. */
export function NumberHeading({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="quick-order__number">
      {children}
    </th>
  );
}

/** An amount or count; `label` names it where a phone shows the row as a card without the headings. */
export function NumberCell({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <td className="quick-order__number" data-label={label}>
      {children}
    </td>
  );
}
