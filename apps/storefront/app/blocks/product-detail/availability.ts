import type { WarehouseStock } from '@storefront/contracts/catalogue';

const shipsIn = (days: number) =>
  days === 0 ? 'ships today' : `ships in ${days} ${days === 1 ? 'day' : 'days'}`;

/**
 * A product's availability as one plain line: the stock of every warehouse holding some, summed, with the
 * quickest of those warehouses' lead times; made to order when none holds any; nothing when no stock is recorded.
 */
export function availabilityLine(stock: readonly WarehouseStock[] | null): string | null {
  if (!stock || stock.length === 0) return null;
  const held = stock.filter((row) => row.quantity > 0);
  const quickest = (rows: readonly WarehouseStock[]) => Math.min(...rows.map((row) => row.leadTimeDays));
  if (held.length === 0) return `Made to order: ${shipsIn(quickest(stock))}`;
  const total = held.reduce((sum, row) => sum + row.quantity, 0);
  return `In stock: ${total} (${shipsIn(quickest(held))})`;
}
