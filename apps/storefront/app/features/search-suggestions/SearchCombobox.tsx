import { SUGGEST_MIN_CHARS } from '@storefront/contracts/constants';
import type { SearchSuggestions } from '@storefront/contracts/crm-search';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Form, useNavigate } from 'react-router';
import {
  type ComboboxState,
  pressKey,
  SUGGESTION_GROUPS,
  type SuggestionOption,
  suggestionCount,
  suggestionOptions,
} from './combobox';
import { guestRecentSearches, rememberGuestSearch } from './guest-recent';

/** How long typing pauses before suggestions are asked for. */
const DEBOUNCE_MS = 150;
const SUGGEST_PATH = '/api/search/suggest';

interface Props {
  searchPath: string;
  placeholder: string;
  defaultValue: string;
  /** A guest's recent searches are the browser's; a signed-in buyer's come with the suggestions. */
  guest: boolean;
}

/** The suggestions for the typed text, asked for once typing pauses; null until there are any to show. */
function useSuggestions(text: string, guest: boolean, searchPath: string): SuggestionOption[] | null {
  const [options, setOptions] = useState<SuggestionOption[] | null>(null);
  useEffect(() => {
    const typed = text.trim();
    if (typed.length < SUGGEST_MIN_CHARS) {
      setOptions(null);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const response = await fetch(`${SUGGEST_PATH}?${new URLSearchParams({ q: typed })}`, {
          signal: controller.signal,
        });
        if (!response.ok) return setOptions([]);
        const answer: SearchSuggestions = await response.json();
        const recent = guest ? guestRecentSearches(typed) : answer.recent;
        setOptions(suggestionOptions({ ...answer, recent }, searchPath));
      } catch {
        // Aborted by the next keystroke, or offline: the plain search still works.
      }
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text, guest, searchPath]);
  return options;
}

/**
 * The header's product search as the ARIA 1.2 combobox with a listbox popup: products, categories and recent
 * searches as the buyer types. Until the script runs (or without it) it is the plain search form.
 */
export function SearchCombobox({ searchPath, placeholder, defaultValue, guest }: Props) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [text, setText] = useState(defaultValue);
  const [state, setState] = useState<ComboboxState>({ open: false, active: -1 });
  const options = useSuggestions(text, guest, searchPath);
  const count = options?.length ?? 0;
  const open = hydrated && state.open && count > 0;

  useEffect(() => setHydrated(true), []);
  useEffect(() => setText(defaultValue), [defaultValue]);
  // New suggestions open the list, with nothing highlighted, while the buyer is in the box.
  useEffect(() => {
    setState({ open: options !== null && document.activeElement === input.current, active: -1 });
  }, [options]);

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
        'aria-activedescendant': open && state.active >= 0 ? optionId(state.active) : undefined,
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
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setState({ open: false, active: -1 })}
          onFocus={() => options && setState({ open: true, active: -1 })}
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
            {SUGGESTION_GROUPS.map((group) => {
              const members = (options ?? []).flatMap((option, index) =>
                option.group === group.key ? [{ option, index }] : [],
              );
              if (members.length === 0) return null;
              return (
                // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role=group; a fieldset holds form controls.
                <div key={group.key} role="group" aria-labelledby={`${id}-${group.key}`}>
                  <div id={`${id}-${group.key}`} role="presentation" className="search-suggestions__label">
                    {group.label}
                  </div>
                  {members.map(({ option, index }) => (
                    // The text box keeps the focus and the keys (aria-activedescendant names the highlighted option):
                    // biome-ignore lint/a11y/useFocusableInteractive: options are not focused in this pattern.
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the text box's keys choose options.
                    <div
                      key={option.href}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === state.active}
                      aria-label={option.label}
                      className="search-suggestions__option"
                      // Keeps the focus in the text box, so the click below still finds the list open.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(option)}
                    >
                      {option.product ? (
                        <>
                          <img src={option.product.imageUrl} alt="" width={40} height={40} loading="lazy" />
                          <span className="search-suggestions__name">{option.product.name}</span>
                          <span className="search-suggestions__sku">{option.product.sku}</span>
                          <span className="search-suggestions__price">{option.product.formattedPrice}</span>
                        </>
                      ) : (
                        <span className="search-suggestions__name">{option.label}</span>
                      )}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        )}
      </div>
      {hydrated && (
        // A live region, not role=status: the page's own status messages stay the page's only status.
        <div aria-live="polite" aria-atomic="true" className="visually-hidden search-form__count">
          {options === null ? '' : suggestionCount(count)}
        </div>
      )}
      <button type="submit" className="button">
        Search
      </button>
    </Form>
  );
}
