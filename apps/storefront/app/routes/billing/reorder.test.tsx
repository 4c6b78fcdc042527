import type { Reorder, ReorderResult } from '@storefront/contracts/crm-reorder';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../testing/render';
import type { Route } from './+types/reorder';
import ReorderPage from './reorder';

afterEach(cleanup);

const reorder: Reorder = {
  orderNumber: 'SO-2026-000123',
  orderCurrency: 'USD',
  currency: 'USD',
  lines: [
    {
      sku: 'AB-OLD',
      name: 'Anti-Human CD4, lyophilised',
      qty: 2,
      orderedUnitPrice: 120,
      status: 'discontinued',
      problem: 'AB-OLD is no longer made; order its replacement AB-1 instead.',
      today: null,
      priceChanged: false,
      replacement: { sku: 'AB-1', name: 'Anti-Human CD4', unitPrice: 133.5, lineTotal: 267 },
    },
    {
      sku: 'BEADS-1',
      name: 'Setup beads',
      qty: 1,
      orderedUnitPrice: 255.68,
      status: 'available',
      problem: null,
      today: { sku: 'BEADS-1', name: 'Setup beads', unitPrice: 272, lineTotal: 272 },
      priceChanged: true,
      replacement: null,
    },
    {
      sku: 'BULK-1',
      name: 'Sheath fluid',
      qty: 40,
      orderedUnitPrice: 30,
      status: 'quantity',
      problem: 'BULK-1: your cart already holds 99990, so the line would hold 100030; at most 100000.',
      today: { sku: 'BULK-1', name: 'Sheath fluid', unitPrice: 30, lineTotal: 1200 },
      priceChanged: false,
      replacement: null,
    },
    {
      sku: 'GONE-1',
      name: 'Old buffer',
      qty: 3,
      orderedUnitPrice: 10,
      status: 'unavailable',
      problem: "GONE-1 is not in your account's catalogue; ask your account manager to add it.",
      today: null,
      priceChanged: false,
      replacement: null,
    },
  ],
};

function renderPage(actionData?: { ok: true; result: ReorderResult } | { ok: false; problem: string }) {
  const props = { loaderData: { reorder }, actionData } as unknown as Route.ComponentProps;
  return renderAt(<ReorderPage {...props} />);
}

const row = (sku: string) => screen.getByRole('rowheader', { name: sku }).closest('tr') as HTMLElement;

describe('the reorder page', () => {
  it('ticks each line that can be ordered, offers a discontinued line its replacement, and says why not', () => {
    renderPage();
    const beads = within(row('BEADS-1'));
    expect(beads.getByRole('checkbox', { name: 'Add BEADS-1 Setup beads' })).toHaveProperty('checked', true);
    expect(beads.getByRole('spinbutton', { name: 'Quantity of BEADS-1' })).toHaveProperty('value', '1');
    const old = within(row('AB-OLD'));
    expect(old.queryByRole('checkbox', { name: /^Add / })).toBeNull();
    const take = old.getByRole('checkbox', {
      name: 'Take the replacement AB-1, Anti-Human CD4, at $133.50 each',
    });
    expect(take).toHaveProperty('checked', false);
    expect(old.getByText('AB-OLD is no longer made; order its replacement AB-1 instead.')).toBeTruthy();
    // A line the cart cannot take at its quantity may be chosen at a smaller one; it is not ticked.
    const bulk = within(row('BULK-1'));
    expect(bulk.getByRole('checkbox', { name: 'Add BULK-1 Sheath fluid' })).toHaveProperty('checked', false);
    expect(bulk.getByRole('spinbutton', { name: 'Quantity of BULK-1' })).toHaveProperty('value', '40');
    expect(bulk.getByText(/your cart already holds 99990/)).toBeTruthy();
    const gone = within(row('GONE-1'));
    expect(gone.queryByRole('checkbox')).toBeNull();
    expect(gone.queryByRole('spinbutton')).toBeNull();
    expect(gone.getByText(/not in your account's catalogue/)).toBeTruthy();
  });

  it('shows the ordered and today’s price, saying in words when it changed', () => {
    renderPage();
    const beads = row('BEADS-1');
    expect(beads.querySelector('[data-label="Ordered at"]')?.textContent).toBe('$255.68');
    expect(beads.querySelector('[data-label="Today"]')?.textContent).toBe('$272.00Price changed');
  });

  it('says what went in at the cart’s prices and what did not, with the way to the cart', () => {
    const result = {
      orderNumber: reorder.orderNumber,
      added: [{ sku: 'AB-1', name: 'Anti-Human CD4', qty: 2, unitPrice: 133.5 }],
      notAdded: [
        { sku: 'GONE-1', name: 'Old buffer', problem: 'GONE-1 is not in your account’s catalogue.' },
      ],
      quote: { modifiedAt: '2026-11-29T10:00:00.000Z' },
    } as unknown as ReorderResult;
    renderPage({ ok: true, result });
    const status = screen.getByRole('status');
    expect(within(status).getByText('2 × AB-1 Anti-Human CD4 at $133.50 each')).toBeTruthy();
    expect(
      within(status).getByText('GONE-1 Old buffer: GONE-1 is not in your account’s catalogue.'),
    ).toBeTruthy();
    expect(within(status).getByRole('link', { name: 'Go to cart' }).getAttribute('href')).toBe('/cart');
  });
});
