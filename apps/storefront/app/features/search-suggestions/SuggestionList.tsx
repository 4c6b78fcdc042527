import type { SearchSuggestions } from '@storefront/contracts/crm-search';
import { optionId } from './combobox';
import { guestRecentSearches } from './guest-recent';
import { SUGGESTION_GROUPS, type SuggestionOption, suggestionOptions } from './suggestion-options';

/*
 * What the header's search box needs only once a buyer comes to it: asking for suggestions and showing them.
 * SearchCombobox loads this module on the box's first focus or input, so a page that is only read does not
 * download it (docs/decisions/0043).
 */

export { rememberGuestSearch } from './guest-recent';
export { suggestionCount } from './suggestion-options';

const SUGGEST_PATH = '/api/search/suggest';

/**
 * The suggestions for the typed text as the listbox's options (a guest's recent searches from the browser,
 * a signed-in buyer's with the answer); none when the answer is a refusal, undefined when there was no answer
 * (aborted by the next keystroke, or offline: the plain search still works).
 */
export async function fetchSuggestions(
  typed: string,
  guest: boolean,
  searchPath: string,
  signal: AbortSignal,
): Promise<SuggestionOption[] | undefined> {
  try {
    const response = await fetch(`${SUGGEST_PATH}?${new URLSearchParams({ q: typed })}`, { signal });
    if (!response.ok) return [];
    const answer: SearchSuggestions = await response.json();
    const recent = guest ? guestRecentSearches(typed) : answer.recent;
    return suggestionOptions({ ...answer, recent }, searchPath);
  } catch {
    return undefined;
  }
}

interface Props {
  /** The combobox's id: each option's id derives from it (combobox.ts, optionId). */
  id: string;
  options: readonly SuggestionOption[];
  /** The highlighted option's index; -1 for none. */
  active: number;
  onChoose: (option: SuggestionOption) => void;
}

/** The listbox's options in their groups: products (picture, SKU, price), categories, recent searches. */
export function SuggestionGroups({ id, options, active, onChoose }: Props) {
  return SUGGESTION_GROUPS.map((group) => {
    const members = options.flatMap((option, index) =>
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
            id={optionId(id, index)}
            role="option"
            aria-selected={index === active}
            aria-label={option.label}
            className="search-suggestions__option"
            // Keeps the focus in the text box, so the click below still finds the list open.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(option)}
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
  });
}
