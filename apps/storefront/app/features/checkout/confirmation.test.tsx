import type { OrderConfirmation } from '@storefront/contracts/crm-checkout';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../testing/render';
import type { Route } from './+types/confirmation';
import OrderConfirmationRoute from './confirmation';

afterEach(cleanup);

const order: OrderConfirmation = {
  orderNumber: 'SO-2026-000123',
  quoteId: 'q-1',
  placedAt: '2026-11-28T09:00:00.000Z',
  currency: 'USD',
  poNumber: 'PO-77',
  shipTo: ['Ana Lima', '1210 Longwood Avenue', 'Boston MA 02115', 'US'],
  shippingMethod: 'UPS Ground',
  paymentTerms: 'Payment Required',
  details: [],
  lines: [{ sku: 'AB-1', name: 'Anti-Human CD4', qty: 1, unitPrice: 250, lineTotal: 250 }],
  subtotal: 250,
  discount: 25,
  shipping: 12.5,
  surcharge: 0,
  tax: 0,
  total: 237.5,
  pdf: null,
};

function renderConfirmation(confirmation: OrderConfirmation, canReorder = true) {
  const loaderData = { storefrontName: 'Lumen', logoUrl: '/logo.svg', order: confirmation, canReorder };
  const props = { loaderData } as unknown as Route.ComponentProps;
  return renderAt(<OrderConfirmationRoute {...props} />);
}

describe('the order confirmation', () => {
  it('says where the order goes, how it ships and on what terms', () => {
    renderConfirmation(order);
    const delivery = screen.getByTestId('order-delivery');
    const value = (term: string) => within(delivery).getByText(term).nextElementSibling?.textContent;
    expect(value('Ship to')).toBe('Ana Lima\n1210 Longwood Avenue\nBoston MA 02115\nUS');
    expect(value('Shipping method')).toBe('UPS Ground');
    expect(value('Payment terms')).toBe('Payment Required');
  });

  it('shows the discount as an amount taken off, and no discount line without one', () => {
    renderConfirmation(order);
    expect(screen.getByTestId('order-discount').textContent).toBe('−$25.00');
    cleanup();
    renderConfirmation({ ...order, discount: 0, shippingMethod: null });
    expect(screen.queryByTestId('order-discount')).toBeNull();
    expect(screen.queryByText('Shipping method')).toBeNull();
  });

  it("leads to the order's own page to track it, and back to the catalogue", () => {
    renderConfirmation(order);
    expect(screen.getByRole('link', { name: 'Track this order' }).getAttribute('href')).toBe(
      '/billing/orders/SO-2026-000123',
    );
    expect(screen.getByRole('link', { name: 'Reorder' }).getAttribute('href')).toBe(
      '/billing/orders/SO-2026-000123/reorder',
    );
    // A guest's order is not the guest's to reorder.
    cleanup();
    renderConfirmation(order, false);
    expect(screen.queryByRole('link', { name: 'Reorder' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
  });
});
