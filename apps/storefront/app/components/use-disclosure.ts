import { type RefObject, useEffect, useState } from 'react';

/**
 * Open/closed state of a disclosure inside `container`. Escape closes it and gives focus back to `toggle`;
 * a click or focus outside the container closes it too (the user has moved on).
 */
export function useDisclosure(
  container: RefObject<HTMLElement | null>,
  toggle: RefObject<HTMLElement | null>,
) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onOutside = (event: Event) => {
      if (event.target instanceof Node && !container.current?.contains(event.target)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open, container, toggle]);
  return { open, setOpen };
}
