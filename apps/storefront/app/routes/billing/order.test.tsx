import type { OrderDetail } from '@storefront/contracts/crm-orders';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../testing/render';
import type { Route } from './+types/order';
import OrderPage from './order';

afterEach(cleanup);

const placed: OrderDetail = {
  orderNumber: 'SO-2026-000123',
  status: 'placed',
  placedAt: '2026-11-28T09:00:00.000Z',
  poNumber: 'PO-77',
  costCentre: { code: 'G-2026-04', name: 'Zebrafish grant' },
  buyerName: 'Ana Lima',
  currency: 'USD',
  total: 512.5,
  erpOrderNumber: null,
  cancellable: true,
  shipTo: ['Ana Lima', '1210 Longwood Avenue', 'Boston MA 02115', 'US'],
  shippingMethod: 'UPS Ground',
  lines: [{ sku: 'AB-1', name: 'Anti-Human CD4', qty: 2, unitPrice: 250, lineTotal: 500, shippedQty: 0 }],
  subtotal: 500,
  discount: 0,
  shipping: 12.5,
  tax: 0,
  history: [{ status: 'placed', at: '2026-11-28T09:00:00.000Z', actor: 'buyer', by: 'Ana Lima', note: null }],
  shipments: [],
  documents: [{ kind: 'order', label: 'Order SO-2026-000123 (PDF)', href: '/api/files/cv-1' }],
};

const shipped: OrderDetail = {
  ...placed,
  status: 'shipped',
  cancellable: false,
  erpOrderNumber: 'ERP-4410',
  lines: [{ ...placed.lines[0]!, shippedQty: 2 }],
  history: [
    ...placed.history,
    { status: 'confirmed', at: '2026-11-28T10:15:00.000Z', actor: 'erp', by: 'ERP', note: null },
    {
      status: 'shipped',
      at: '2026-11-29T14:30:00.000Z',
      actor: 'erp',
      by: 'ERP',
      note: 'Left the Boston warehouse',
    },
  ],
  shipments: [
    {
      shipmentId: 'sh-1',
      carrier: 'UPS',
      service: 'Next Day Air',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      shippedAt: '2026-11-29T14:30:00.000Z',
      lines: [{ sku: 'AB-1', quantity: 2, lotNumber: 'LOT-2611-A' }],
    },
  ],
  documents: [
    ...placed.documents,
    { kind: 'certificate', label: 'Certificate of analysis, lot LOT-2611-A', href: '/api/files/cv-2' },
  ],
};

function renderOrder(order: OrderDetail, { confirmingCancel = false, url = '/billing/orders/x' } = {}) {
  const props = { loaderData: { order, confirmingCancel }, actionData: undefined };
  return renderAt(<OrderPage {...(props as unknown as Route.ComponentProps)} />, url);
}

describe('the order page', () => {
  it('names the cost centre or grant code the order is charged to', () => {
    renderOrder(placed);
    const term = screen.getByText('Cost centre / grant');
    expect(term.nextElementSibling?.textContent).toBe('G-2026-04 – Zebrafish grant');
  });

  it('tells the status changes in order, each with its time and who made it', () => {
    renderOrder(shipped);
    const history = screen.getByRole('region', { name: 'Status history' });
    const changes = within(history).getAllByRole('listitem');
    expect(history.querySelector('ol')).not.toBeNull();
    expect(changes.map((change) => change.textContent)).toEqual([
      'Placed Nov 28, 2026, 09:00 UTC by Ana Lima',
      'Confirmed Nov 28, 2026, 10:15 UTC by ERP (supplier)',
      'Shipped Nov 29, 2026, 14:30 UTC by ERP (supplier)Left the Boston warehouse',
    ]);
    expect(changes[1]?.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-28T10:15:00.000Z');
  });

  it('links the tracking number to the carrier, named for what it does, with the lots shipped', () => {
    renderOrder(shipped);
    const shipments = screen.getByRole('region', { name: 'Shipments' });
    const tracking = within(shipments).getByRole('link', {
      name: 'Track shipment 1Z999AA10123456784 with UPS',
    });
    expect(tracking.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(tracking.getAttribute('rel')).toContain('noreferrer');
    expect(within(shipments).getByText('Next Day Air')).toBeTruthy();
    const row = within(shipments).getByRole('row', { name: /AB-1/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Anti-Human CD4', '2', 'LOT-2611-A']);
  });

  it('shows a tracking number the carrier gave no page for as text', () => {
    const [shipment] = shipped.shipments;
    renderOrder({ ...shipped, shipments: [{ ...shipment!, trackingUrl: null }] });
    expect(screen.getByText('1Z999AA10123456784').closest('a')).toBeNull();
  });

  it('lists the lines with what has shipped, the totals and the documents', () => {
    renderOrder(shipped);
    const lines = screen.getByRole('region', { name: 'Lines' });
    const headers = within(lines)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['SKU', 'Product', 'Ordered', 'Shipped', 'Unit price', 'Line total']);
    expect(within(lines).getByText('$512.50')).toBeTruthy();
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(
      within(documents)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/api/files/cv-1', '/api/files/cv-2']);
    expect(screen.getByText('ERP-4410')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Cancel order' })).toBeNull();
  });

  it('offers to reorder the order, whatever its status', () => {
    for (const order of [placed, shipped]) {
      renderOrder(order);
      expect(screen.getByRole('link', { name: 'Reorder' }).getAttribute('href')).toBe(
        '/billing/orders/SO-2026-000123/reorder',
      );
      cleanup();
    }
  });

  it('offers to cancel an order still placed, and asks before doing it', () => {
    renderOrder(placed);
    expect(screen.getByRole('link', { name: 'Cancel order' }).getAttribute('href')).toBe(
      '/billing/orders/x?cancel=confirm',
    );
    expect(screen.getByRole('region', { name: 'Shipments' }).textContent).toContain(
      'Nothing has shipped yet.',
    );
    cleanup();
    renderOrder(placed, { confirmingCancel: true, url: '/billing/orders/x?cancel=confirm' });
    const question = screen.getByRole('form', { name: 'Cancel order SO-2026-000123?' });
    expect(question.getAttribute('method')).toBe('post');
    expect(question.getAttribute('action')).toBe('/billing/orders/SO-2026-000123');
    expect(within(question).getByLabelText('Reason (optional)')).toBeTruthy();
    expect(within(question).getByRole('button', { name: 'Yes, cancel the order' })).toBeTruthy();
    expect(within(question).getByRole('link', { name: 'Keep the order' }).getAttribute('href')).toBe(
      '/billing/orders/SO-2026-000123',
    );
    expect(screen.queryByRole('link', { name: 'Cancel order' })).toBeNull();
  });
});
