import type { ActionItem } from '@storefront/contracts/block-fields';
import type { CatalogItemCard } from '@storefront/contracts/catalogue';
import type { ConfigurationMode, ProductCardAction } from '@storefront/contracts/constants';
import { CART_PATH } from '../../lib/paths';

export interface ProductAction {
  action: ProductCardAction;
  label: string;
  href: string;
  openInNewTab: boolean;
}

type ActionItemOf = Pick<CatalogItemCard, 'id' | 'requiresConfiguration' | 'customAction'>;
type BuiltInAction = Exclude<ProductCardAction, 'CUSTOM'>;

/**
 * How the configuration modes (spec C§3) drive the card (docs/decisions/0036-quick-order-and-cpq.md): Needs and
 * Upload Configuration items are configured on /cpq before they can be ordered (Upload Configuration from a
 * file of option SKUs there); Suggests items may be added as they are or configured with suggested options;
 * Upload and Upload Add items are ordered from a list or file on /uploadoptions.
 */
const CONFIGURE_MODES: ReadonlySet<ConfigurationMode> = new Set([
  'Needs',
  'Suggests',
  'Upload Configuration',
]);
/** Items bought as they are, or configured only if the buyer wants the suggestions. */
const OPTIONAL_CONFIGURATION: ReadonlySet<ConfigurationMode> = new Set(['Suggests']);
/** Items ordered by uploading a file. */
const UPLOAD_MODES: ReadonlySet<ConfigurationMode> = new Set(['Upload', 'Upload Add']);

const DEFAULT_LABELS: Record<BuiltInAction, string> = {
  ADD_TO_CART: 'Add to Cart',
  CONFIGURE: 'Configure',
  UPLOAD: 'Upload',
};

/**
 * The configured actions an item offers (spec C§5), each once and in the configured order: CONFIGURE for
 * configurable items, UPLOAD for upload items, ADD_TO_CART for items that need no configuration, CUSTOM when the item
 * has a custom action (its url, label and new-tab flag).
 */
export function productActions(configured: readonly ActionItem[], item: ActionItemOf): ProductAction[] {
  const seen = new Set<ProductCardAction>();
  const actions: ProductAction[] = [];
  for (const { action, label } of configured) {
    if (seen.has(action)) continue;
    seen.add(action);
    const resolved = action === 'CUSTOM' ? customAction(item) : builtInAction(action, label, item);
    if (resolved) actions.push(resolved);
  }
  return actions;
}

function customAction(item: ActionItemOf): ProductAction | null {
  if (!item.customAction) return null;
  const { label, url, openInNewTab } = item.customAction;
  return { action: 'CUSTOM', label, href: url, openInNewTab };
}

function builtInAction(
  action: BuiltInAction,
  label: string | undefined,
  item: ActionItemOf,
): ProductAction | null {
  const href = builtInHref(action, item);
  return href ? { action, label: label ?? DEFAULT_LABELS[action], href, openInNewTab: false } : null;
}

function builtInHref(action: BuiltInAction, item: ActionItemOf): string | null {
  const mode = item.requiresConfiguration;
  const configures = mode !== null && CONFIGURE_MODES.has(mode);
  const uploads = mode !== null && UPLOAD_MODES.has(mode);
  const mustConfigure = configures && !OPTIONAL_CONFIGURATION.has(mode);
  const itemQuery = new URLSearchParams({ itemId: item.id }).toString();
  switch (action) {
    case 'CONFIGURE':
      return configures ? `/cpq?${itemQuery}` : null;
    case 'UPLOAD':
      return uploads ? `/uploadoptions?${itemQuery}` : null;
    case 'ADD_TO_CART':
      // Added in place by a form; the cart is where it leads without one.
      return mustConfigure || uploads ? null : CART_PATH;
  }
}
