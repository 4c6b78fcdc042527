import { ORDER_STATUS_LABELS, ORDER_STATUS_NEXT, type OrderStatus } from '@storefront/contracts';

/** An order's life (docs/decisions/0057-order-life.md): which moves follow, and what a shipment may hold. */

const spoken = (status: OrderStatus) => ORDER_STATUS_LABELS[status].toLowerCase();

/** Whether an order of `current` may move to `next` (a late or repeated message never moves it backwards). */
export function follows(current: OrderStatus, next: OrderStatus): boolean {
  return ORDER_STATUS_NEXT[current].includes(next);
}

/** Why a move is refused: "An order that is shipped cannot be confirmed." */
export function doesNotFollow(current: OrderStatus, next: OrderStatus): string {
  return `An order that is ${spoken(current)} cannot be ${spoken(next)}.`;
}

/** Why a change made against another version is refused, with what the order is now. */
export function versionConflict(sent: number, current: { version: number; status: OrderStatus }): string {
  return `The order is at version ${current.version} (${spoken(current.status)}), not ${sent}: read it again and send the change against version ${current.version}.`;
}

/** A shipment line as the ERP sends it. */
export interface ShipmentLineInput {
  sku: string;
  quantity: number;
}

/** A line of a shipment that cannot be: its place in the request, the field and why. */
export interface ShipmentLineProblem {
  /** 0-based, as the request's `lines` array holds it. */
  index: number;
  field: 'sku' | 'quantity';
  message: string;
}

/** Quantities by SKU. */
export type Quantities = ReadonlyMap<string, number>;

/** Summed quantities by SKU (of the order's lines, or of what its shipments hold). */
export function quantitiesBySku(lines: readonly ShipmentLineInput[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const line of lines) sums.set(line.sku, (sums.get(line.sku) ?? 0) + line.quantity);
  return sums;
}

/**
 * Each line of a new shipment must be a SKU of the order and, with the lines before it and what earlier
 * shipments held, not ship more of it than was ordered. Answers every line that breaks this.
 */
export function shipmentProblems(
  ordered: Quantities,
  shipped: Quantities,
  lines: readonly ShipmentLineInput[],
): ShipmentLineProblem[] {
  const problems: ShipmentLineProblem[] = [];
  const running = new Map(shipped);
  lines.forEach((line, index) => {
    const orderedQty = ordered.get(line.sku);
    const label = `Line ${index + 1} (${line.sku})`;
    if (orderedQty === undefined) {
      problems.push({ index, field: 'sku', message: `${label}: this SKU is not on the order.` });
      return;
    }
    const before = running.get(line.sku) ?? 0;
    const left = orderedQty - before;
    if (line.quantity > left) {
      problems.push({
        index,
        field: 'quantity',
        message: `${label}: ships ${line.quantity}, but only ${left} of the ${orderedQty} ordered ${left === 1 ? 'is' : 'are'} left to ship.`,
      });
    }
    running.set(line.sku, before + line.quantity);
  });
  return problems;
}

/** What an order is once these quantities have shipped: shipped when every SKU is in full, else partially. */
export function statusByShipped(ordered: Quantities, shipped: Quantities): 'partially_shipped' | 'shipped' {
  for (const [sku, quantity] of ordered) if ((shipped.get(sku) ?? 0) < quantity) return 'partially_shipped';
  return 'shipped';
}

/** Where the large carriers show a parcel by its tracking number, for a shipment the ERP sent without a link. */
const TRACKING_PAGES: Record<string, (trackingNumber: string) => string> = {
  ups: (number) => `https://www.ups.com/track?tracknum=${number}`,
  fedex: (number) => `https://www.fedex.com/fedextrack/?trknbr=${number}`,
  dhl: (number) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${number}`,
  usps: (number) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
};

/** The link the ERP gave, else the carrier's own tracking page when it is one of the large ones, else none. */
export function trackingUrlOf(
  carrier: string,
  trackingNumber: string,
  given: string | undefined,
): string | null {
  if (given) return given;
  // 'UPS', 'FedEx Ground', 'DHL Express': the carrier is the first word.
  const name = carrier.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  const page = Object.hasOwn(TRACKING_PAGES, name) ? TRACKING_PAGES[name] : undefined;
  return page ? page(encodeURIComponent(trackingNumber)) : null;
}

/**
 * What has shipped of each line of the order: a SKU's shipped quantity fills its lines in order, so an order
 * holding a SKU on two lines never shows more shipped than the two hold together.
 */
export function shippedByLine(lines: readonly { sku: string; qty: number }[], shipped: Quantities): number[] {
  const left = new Map(shipped);
  return lines.map((line) => {
    const taken = Math.min(line.qty, left.get(line.sku) ?? 0);
    left.set(line.sku, (left.get(line.sku) ?? 0) - taken);
    return taken;
  });
}

/** The chosen carrier and service as the order shows them; on the buyer's own carrier, with the account it ships on. */
export function shippingMethodOf(quote: {
  shippingCarrier: string | null;
  shippingService: string | null;
  customerShippingAccount: string | null;
}): string | null {
  if (quote.shippingCarrier === null || quote.shippingService === null) return null;
  const method = `${quote.shippingCarrier} ${quote.shippingService}`;
  return quote.customerShippingAccount
    ? `${method} on your account ${quote.customerShippingAccount}`
    : method;
}
