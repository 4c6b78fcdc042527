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

/** Items that must be configured before they can be ordered. */
const CONFIGURE_MODES: ReadonlySet<ConfigurationMode> = new Set(['Needs', 'Upload Configuration']);
/** Items ordered by uploading a file. */
const UPLOAD_MODES: ReadonlySet<ConfigurationMode> = new Set(['Upload', 'Upload Add']);

const DEFAULT_LABELS: Record<BuiltInAction, string> = {
  ADD_TO_CART: 'Add to Cart',
  CONFIGURE: 'Configure',
  UPLOAD: 'Upload',
};

/**
 * The configured actions an item offers (spec C§5), each once and in the configured order: CONFIGURE for
 * items that need configuration, UPLOAD for upload items, ADD_TO_CART for the others, CUSTOM when the item
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
  const itemQuery = new URLSearchParams({ itemId: item.id }).toString();
  switch (action) {
    case 'CONFIGURE':
      return configures ? `/configurator?${itemQuery}` : null;
    case 'UPLOAD':
      return uploads ? `/uploadoptions?${itemQuery}` : null;
    case 'ADD_TO_CART':
      // Added in place by a form; the cart is where it leads without one.
      return configures || uploads ? null : CART_PATH;
  }
}
