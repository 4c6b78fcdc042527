import type { QuantityTier } from '@storefront/contracts/catalogue';
import { formatMoney } from '../../lib/format';

export interface TierRow {
  /** 'sv–ev', or 'sv+' for an open-ended tier. */
  quantity: string;
  unitPrice: string;
  /** The saving per unit against the untiered price, e.g. '$4.00 (10%)'; '—' when there is none. */
  saving: string;
}

/** The quantity-tier table of a product page, in start-quantity order. */
export function tierRows(tiers: readonly QuantityTier[], currency: string): TierRow[] {
  return [...tiers]
    .sort((a, b) => a.sv - b.sv)
    .map((tier) => ({
      quantity: tier.ev === null ? `${tier.sv}+` : `${tier.sv}–${tier.ev}`,
      unitPrice: tier.formattedOfferPrice || formatMoney(tier.price, currency),
      saving: saving(tier, currency),
    }));
}

function saving(tier: QuantityTier, currency: string): string {
  const amount = tier.originalPrice - tier.price;
  if (!(amount > 0) || tier.originalPrice <= 0) return '—';
  const percent = Math.round((amount / tier.originalPrice) * 100);
  return `${formatMoney(amount, currency)} (${percent}%)`;
}
