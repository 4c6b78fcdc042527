import { ORDER_STATUSES } from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import {
  doesNotFollow,
  follows,
  shipmentProblems,
  shippedByLine,
  statusByShipped,
  trackingUrlOf,
} from '../../src/orders/rules/order-life';

const ordered = new Map([
  ['A', 3],
  ['B', 2],
]);

describe("an order's life", () => {
  it('never moves an order backwards, and nothing moves a delivered or cancelled order', () => {
    const order = ['placed', 'confirmed', 'partially_shipped', 'shipped', 'delivered'] as const;
    for (const [from, status] of order.entries())
      for (const [to, next] of order.entries()) if (to < from) expect(follows(status, next)).toBe(false);
    for (const next of ORDER_STATUSES) {
      expect(follows('delivered', next)).toBe(false);
      expect(follows('cancelled', next)).toBe(false);
    }
    expect(follows('partially_shipped', 'partially_shipped')).toBe(true);
    expect(follows('partially_shipped', 'cancelled')).toBe(false);
    expect(doesNotFollow('partially_shipped', 'cancelled')).toBe(
      'An order that is partially shipped cannot be cancelled.',
    );
  });

  it('refuses shipment lines past what is left of a SKU, counting earlier shipments and earlier lines', () => {
    expect(shipmentProblems(ordered, new Map([['A', 1]]), [{ sku: 'A', quantity: 2 }])).toEqual([]);
    expect(
      shipmentProblems(ordered, new Map([['A', 1]]), [
        { sku: 'A', quantity: 1 },
        { sku: 'A', quantity: 2 },
        { sku: 'C', quantity: 1 },
      ]),
    ).toEqual([
      {
        index: 1,
        field: 'quantity',
        message: 'Line 2 (A): ships 2, but only 1 of the 3 ordered is left to ship.',
      },
      { index: 2, field: 'sku', message: 'Line 3 (C): this SKU is not on the order.' },
    ]);
  });

  it('calls an order shipped only when every SKU has shipped in full', () => {
    expect(statusByShipped(ordered, new Map([['A', 3]]))).toBe('partially_shipped');
    expect(
      statusByShipped(
        ordered,
        new Map([
          ['A', 3],
          ['B', 2],
        ]),
      ),
    ).toBe('shipped');
  });

  it("fills a SKU's lines in order with what has shipped of it", () => {
    const lines = [
      { sku: 'A', qty: 2 },
      { sku: 'B', qty: 1 },
      { sku: 'A', qty: 2 },
    ];
    expect(shippedByLine(lines, new Map([['A', 3]]))).toEqual([2, 0, 1]);
  });

  it("links a shipment to the ERP's link, else to a large carrier's tracking page, else to nothing", () => {
    expect(trackingUrlOf('UPS', '1Z 99', 'https://erp.example/t/1')).toBe('https://erp.example/t/1');
    expect(trackingUrlOf('UPS', '1Z 99', undefined)).toBe('https://www.ups.com/track?tracknum=1Z%2099');
    expect(trackingUrlOf('DHL Express', 'JD01', undefined)).toContain('tracking-id=JD01');
    expect(trackingUrlOf('Kuehne+Nagel', 'K1', undefined)).toBeNull();
    expect(trackingUrlOf('constructor', 'K1', undefined)).toBeNull();
  });
});
