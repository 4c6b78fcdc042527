/** The id of the listbox's option at `index`, under the combobox's own id. */
export function optionId(id: string, index: number): string {
  return `${id}-option-${index}`;
}

export interface ComboboxState {
  open: boolean;
  /** The highlighted option's index; -1 for none (the text box itself). */
  active: number;
}

/** What a key in the text box does beyond moving the highlight. */
export type KeyEffect =
  /** Leave the key to the browser (typing, Tab, Enter submitting the form). */
  | 'none'
  /** The key was the combobox's: keep the browser from acting on it. */
  | 'handled'
  /** Open the highlighted option. */
  | 'choose'
  /** Empty the text box. */
  | 'clear';

/**
 * The ARIA 1.2 combobox's keys: ArrowDown and ArrowUp move through the options (opening the list, wrapping at
 * its ends), Enter opens the highlighted option or else submits the search, Escape closes the list and, once
 * closed, clears the text, Tab leaves with the list closed.
 */
export function pressKey(
  key: string,
  state: ComboboxState,
  count: number,
): { state: ComboboxState; effect: KeyEffect } {
  switch (key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      if (count === 0) return { state, effect: 'none' };
      const down = key === 'ArrowDown';
      if (!state.open) return { state: { open: true, active: down ? 0 : count - 1 }, effect: 'handled' };
      const next = down ? state.active + 1 : state.active - 1;
      return { state: { open: true, active: (next + count) % count }, effect: 'handled' };
    }
    case 'Enter':
      if (state.open && state.active >= 0 && state.active < count) {
        return { state: { open: false, active: -1 }, effect: 'choose' };
      }
      return { state: { open: false, active: -1 }, effect: 'none' };
    case 'Escape':
      if (state.open) return { state: { open: false, active: -1 }, effect: 'handled' };
      return { state, effect: 'clear' };
    case 'Tab':
      return { state: { open: false, active: -1 }, effect: 'none' };
    default:
      return { state, effect: 'none' };
  }
}
