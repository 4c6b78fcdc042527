import type { Invoice, InvoiceList, InvoiceListRow } from '@storefront/contracts/crm-invoices';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readInvoiceQuery } from '../../features/invoices/query';
import { renderAt } from '../../testing/render';
import type { Route as InvoicesRoute } from './+types/invoices';
import type { Route as ViewInvoiceRoute } from './+types/view-invoice';
import InvoicesPage from './invoices';
import ViewInvoicePage from './view-invoice';

afterEach(cleanup);

/** The invoice of an order placed through checkout: the account's order, so its page exists. */
const ofPlacedOrder: InvoiceListRow = {
  id: 'inv-1',
  invoiceNumber: 'INV-2026-000123',
  orderNumber: 'SO-2026-000123',
  costCentreCode: null,
  kind: 'Invoice',
  invoiceDate: '2026-11-28',
  dueDate: '2026-12-28',
  currency: 'USD',
  amount: 512.5,
  balance: 512.5,
  status: 'Open',
  hasOrder: true,
};
/** The demo's history: an order number no order of the storefront has. */
const ofHistory: InvoiceListRow = {
  ...ofPlacedOrder,
  id: 'inv-2',
  invoiceNumber: 'INV-2025-000007',
  orderNumber: 'SO-2025-000007',
  invoiceDate: '2025-03-02',
  dueDate: '2025-04-01',
  balance: 0,
  status: 'Paid',
  hasOrder: false,
};
const withoutOrder: InvoiceListRow = { ...ofHistory, id: 'inv-3', invoiceNumber: 'CM-9', orderNumber: null };

function renderList(invoices: InvoiceListRow[]) {
  const list: InvoiceList = { invoices, totalSize: invoices.length, page: 1, pageSize: 20 };
  const { query, problems } = readInvoiceQuery(new URLSearchParams());
  const props = { loaderData: { query, problems, list } };
  return renderAt(
    <InvoicesPage {...(props as unknown as InvoicesRoute.ComponentProps)} />,
    '/billing/enhancedList',
  );
}

function renderInvoice(row: InvoiceListRow) {
  const invoice: Invoice = {
    ...row,
    accountName: 'Halvorsen Research Institute',
    paymentTerms: 'Net 30',
    poNumber: 'PO-77',
    subtotal: 500,
    discount: 0,
    shipping: 12.5,
    tax: 0,
    lines: [{ sku: 'AB-1', name: 'Anti-Human CD4', qty: 2, unitPrice: 250, lineTotal: 500 }],
    payments: [],
    pdfFileName: `Invoice-${row.invoiceNumber}.pdf`,
  };
  const props = { loaderData: { invoice, refusal: null } };
  return renderAt(
    <ViewInvoicePage {...(props as unknown as ViewInvoiceRoute.ComponentProps)} />,
    `/viewInvoice?invoiceId=${row.id}`,
  );
}

/** The order fact of the invoice page: the <dd> after the "Order" term. */
function orderFact(): HTMLElement {
  const term = screen.getByText('Order', { selector: 'dt' });
  const fact = term.nextElementSibling;
  if (!(fact instanceof HTMLElement)) throw new Error('no Order fact');
  return fact;
}

describe('an invoice links to its order', () => {
  it("links the list's order number to the order's page when the order is the account's, else shows it as text", () => {
    renderList([ofPlacedOrder, ofHistory, withoutOrder]);
    const rows = screen.getAllByRole('row').slice(1);
    // The cell under the Order column (data-label names it on phones).
    const orderCell = (row: HTMLElement | undefined) => {
      const cell = row?.querySelector('td[data-label="Order"]');
      if (!cell) throw new Error('no Order cell');
      return cell;
    };
    const link = within(rows[0] ?? document.body).getByRole('link', { name: 'SO-2026-000123' });
    expect(link.getAttribute('href')).toBe('/billing/orders/SO-2026-000123');
    expect(within(rows[1] ?? document.body).queryByRole('link', { name: 'SO-2025-000007' })).toBeNull();
    expect(orderCell(rows[1]).textContent).toBe('SO-2025-000007');
    expect(orderCell(rows[2]).textContent).toBe('—');
  });

  it("links the invoice page's order to the order's page", () => {
    renderInvoice(ofPlacedOrder);
    const link = within(orderFact()).getByRole('link', { name: 'SO-2026-000123' });
    expect(link.getAttribute('href')).toBe('/billing/orders/SO-2026-000123');
  });

  it('shows a seeded invoice’s order number as text: no order page would show it', () => {
    renderInvoice(ofHistory);
    expect(orderFact().textContent).toBe('SO-2025-000007');
    expect(within(orderFact()).queryByRole('link')).toBeNull();
  });
});
