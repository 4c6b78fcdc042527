import { SUGGEST_MIN_CHARS } from '@storefront/contracts/constants';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Form, useNavigate } from 'react-router';
import { type ComboboxState, optionId, pressKey } from './combobox';
import type { SuggestionOption } from './suggestion-options';

/** How long typing pauses before suggestions are asked for. */
const DEBOUNCE_MS = 150;

/** The code that asks for suggestions and shows them (SuggestionList.tsx), loaded on the box's first use. */
type ListCode = typeof import('./SuggestionList');
const listCode = (): Promise<ListCode> => import('./SuggestionList');

/** A guest's search, kept in their browser once that code is there (the box's focus has usually asked for it). */
function rememberGuestSearch(text: string): void {
  listCode().then(
    (list) => list.rememberGuestSearch(text),
    () => {
      // Offline, or a new version replaced the code: the search runs all the same, unremembered.
    },
  );
}

interface Props {
  searchPath: string;
  placeholder: string;
  defaultValue: string;
  /** A guest's recent searches are the browser's; a signed-in buyer's come with the suggestions. */
  guest: boolean;
}

/**
 * The suggestions for the typed text, asked for once typing pauses and the list's code is there; null until
 * there are any to show.
 */
function useSuggestions(
  code: ListCode | null,
  text: string,
  guest: boolean,
  searchPath: string,
): SuggestionOption[] | null {
  const [options, setOptions] = useState<SuggestionOption[] | null>(null);
  useEffect(() => {
    const typed = text.trim();
    if (typed.length < SUGGEST_MIN_CHARS) {
      setOptions(null);
      return;
    }
    if (!code) return;
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      const found = await code.fetchSuggestions(typed, guest, searchPath, controller.signal);
      if (found) setOptions(found);
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [code, text, guest, searchPath]);
  return options;
}

/**
 * The header's product search as the ARIA 1.2 combobox with a listbox popup: products, categories and recent
 * searches as the buyer types. Until the script runs (or without it) it is the plain search form. The code that
 * asks for and shows the suggestions loads when the buyer first comes to the box (focus or input), so a page
 * that is only read does not download it; the box is the same combobox, with an empty listbox, meanwhile.
 */
export function SearchCombobox({ searchPath, placeholder, defaultValue, guest }: Props) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [text, setText] = useState(defaultValue);
  const [state, setState] = useState<ComboboxState>({ open: false, active: -1 });
  const [code, setCode] = useState<ListCode | null>(null);
  const options = useSuggestions(code, text, guest, searchPath);
  const count = options?.length ?? 0;
  const open = hydrated && state.open && count > 0;

  useEffect(() => setHydrated(true), []);
  useEffect(() => setText(defaultValue), [defaultValue]);
  // New suggestions open the list, with nothing highlighted, while the buyer is in the box.
  useEffect(() => {
    setState({ open: options !== null && document.activeElement === input.current, active: -1 });
  }, [options]);

  const loadCode = () => {
    if (code) return;
    listCode().then(setCode, () => {
      // Offline, or a new version replaced the code: the plain search still works, and the next focus asks again.
    });
  };

  const choose = (option: SuggestionOption) => {
    if (guest && option.group === 'recent') rememberGuestSearch(option.label);
    setState({ open: false, active: -1 });
    navigate(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const { state: next, effect } = pressKey(event.key, { ...state, open }, count);
    setState(next);
    if (effect === 'handled') event.preventDefault();
    if (effect === 'clear') setText('');
    if (effect === 'choose') {
      event.preventDefault();
      const option = options?.[state.active];
      if (option) choose(option);
    }
  };

  const combobox = hydrated
    ? {
        role: 'combobox',
        'aria-expanded': open,
        'aria-controls': listboxId,
        'aria-autocomplete': 'list' as const,
        'aria-activedescendant': open && state.active >= 0 ? optionId(id, state.active) : undefined,
        autoComplete: 'off',
      }
    : {};

  return (
    <Form
      method="get"
      action={searchPath}
      role="search"
      className="search-form"
      onSubmit={() => {
        if (guest) rememberGuestSearch(text);
        setState({ open: false, active: -1 });
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search products
      </label>
      <div className="search-combobox">
        <input
          ref={input}
          id={id}
          type="search"
          name="searchText"
          value={text}
          onChange={(event) => {
            loadCode();
            setText(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setState({ open: false, active: -1 })}
          onFocus={() => {
            loadCode();
            if (options) setState({ open: true, active: -1 });
          }}
          placeholder={placeholder}
          maxLength={200}
          className="search-form__input"
          {...combobox}
        />
        {hydrated && (
          <div
            id={listboxId}
            role="listbox"
            aria-label="Search suggestions"
            className="search-suggestions"
            hidden={!open}
          >
            {code && options && (
              <code.SuggestionGroups id={id} options={options} active={state.active} onChoose={choose} />
            )}
          </div>
        )}
      </div>
      {hydrated && (
        // A live region, not role=status: the page's own status messages stay the page's only status.
        <div aria-live="polite" aria-atomic="true" className="visually-hidden search-form__count">
          {code && options ? code.suggestionCount(count) : ''}
        </div>
      )}
      <button type="submit" className="button">
        Search
      </button>
    </Form>
  );
}
