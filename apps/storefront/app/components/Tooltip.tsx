import { useEffect, useState } from 'react';

/** Spec C§9: a tooltip is 130 CSS pixels wide unless it is given another width. */
export const TOOLTIP_WIDTH_PX = 130;

/**
 * A short text beside a small "i" button, shown while the pointer rests on either or the button has the focus
 * (and on a tap); Escape hides it (WCAG 1.4.13). `id` names the text, so a field can be described by it too.
 */
export function Tooltip({
  id,
  label,
  text,
  width = TOOLTIP_WIDTH_PX,
}: {
  id: string;
  /** The button's name, e.g. 'Help: Grant number'. */
  label: string;
  text: string;
  width?: number;
}) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the pointer may move from the button onto the text.
    <span className="tooltip" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="tooltip__trigger"
        aria-label={label}
        aria-describedby={id}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen(true)}
      >
        i
      </button>
      <span id={id} role="tooltip" className="tooltip__text" style={{ width }} hidden={!open}>
        {text}
      </span>
    </span>
  );
}
