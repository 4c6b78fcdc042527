/** How a product travels: what the rate engine reads of each quote line. */

/** The cold chain a product needs: none, cold packs (stored at 2–8 °C) or dry ice (stored at −20 °C). */
export const COLD_CHAINS = ['none', 'cold-packs', 'dry-ice'] as const;
export type ColdChain = (typeof COLD_CHAINS)[number];

export interface ShippingProfile {
  shippable: boolean;
  /** One unit as packed. */
  weightKg: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  coldChain: ColdChain;
  /** The UN dangerous-goods class; null when the product is not dangerous goods in transport. */
  hazardClass: string | null;
}

/** A quote line as shipped: its product's profile and how many units. */
export interface ShipmentLine {
  sku: string;
  qty: number;
  profile: ShippingProfile;
}
