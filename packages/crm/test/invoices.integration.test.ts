import type { CrmError } from '@storefront/contracts';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertInvoice } from '../src/invoices/queries/invoices';
import { ensureDemoInvoices } from '../src/seed/invoices';
import { openSeededCrm, type SeededCrm, TODAY, testEngines } from '../src/testing';
import { placeTestOrder, prepareOrdering } from './fixtures/orders';

const today = TODAY.toISOString().slice(0, 10);

describe.each(await testEngines())('invoices on $name', (engine) => {
  let crm: SeededCrm;
  const halvorsen = () => ({ storefrontId: crm.ids.storefrontA, accountId: crm.ids.halvorsen });
  const kestrel = () => ({ storefrontId: crm.ids.storefrontB, accountId: crm.ids.kestrel });
  const list = (params: Record<string, string> = {}) =>
    crm.get('getInvoices', { ...halvorsen(), pageSize: '100', ...params });

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    await ensureDemoInvoices(crm.database.db, [crm.ids.halvorsen, crm.ids.kestrel, crm.ids.guest], today);
  });
  afterAll(async () => crm?.close());

  it('seeds a year of history once: open, overdue, paid and credit, none for the guest account', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(new Set(body.invoices.map((invoice) => invoice.status))).toEqual(
      new Set(['Open', 'Overdue', 'Paid', 'Credit']),
    );
    const dates = body.invoices.map((invoice) => invoice.invoiceDate);
    expect(dates.every((date) => date <= today && date >= '2024-06-01')).toBe(true);
    // Newest first by default.
    expect(dates).toEqual([...dates].sort().reverse());
    await ensureDemoInvoices(crm.database.db, [crm.ids.halvorsen], today);
    expect((await list()).body.totalSize).toBe(body.totalSize);
    const guest = await crm.get('getInvoices', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.guest,
    });
    expect(guest.body.totalSize).toBe(0);
  });

  it('filters by status and invoice dates, sorts and pages', async () => {
    const overdue = await list({ status: 'Overdue' });
    expect(overdue.body.invoices.length).toBeGreaterThan(0);
    for (const invoice of overdue.body.invoices) {
      expect(invoice.balance).toBeGreaterThan(0);
      expect(invoice.dueDate < today).toBe(true);
    }
    const open = await list({ status: 'Open' });
    expect(open.body.invoices.every((invoice) => invoice.dueDate >= today && invoice.balance > 0)).toBe(true);
    const credit = await list({ status: 'Credit' });
    expect(credit.body.invoices.every((invoice) => invoice.kind === 'CreditMemo' && invoice.amount < 0)).toBe(
      true,
    );

    const spring = await list({ from: '2025-03-01', to: '2025-04-30', sort: 'amount', direction: 'asc' });
    const amounts = spring.body.invoices.map((invoice) => invoice.amount);
    expect(amounts.length).toBeGreaterThan(0);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(
      spring.body.invoices.every((i) => i.invoiceDate >= '2025-03-01' && i.invoiceDate <= '2025-04-30'),
    ).toBe(true);

    const all = await list({ sort: 'invoiceNumber', direction: 'asc' });
    const first = await list({ sort: 'invoiceNumber', direction: 'asc', pageSize: '5', page: '1' });
    const second = await list({ sort: 'invoiceNumber', direction: 'asc', pageSize: '5', page: '2' });
    expect(first.body.totalSize).toBe(all.body.totalSize);
    expect([...first.body.invoices, ...second.body.invoices].map((invoice) => invoice.id)).toEqual(
      all.body.invoices.slice(0, 10).map((invoice) => invoice.id),
    );
  });

  it('exports the filtered list, every page of it, as CSV', async () => {
    const overdue = await list({ status: 'Overdue', sort: 'dueDate', direction: 'asc' });
    const { status, body } = await crm.get('exportInvoices', {
      ...halvorsen(),
      status: 'Overdue',
      sort: 'dueDate',
      direction: 'asc',
    });
    expect(status).toBe(200);
    expect(body.fileName).toBe(`invoices-${today}.csv`);
    const rows = body.content.trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'Invoice number,Order number,Invoice date,Due date,Status,Currency,Amount,Balance,Cost centre',
    );
    expect(rows.slice(1).map((row) => row.split(',')[0])).toEqual(
      overdue.body.invoices.map((invoice) => invoice.invoiceNumber),
    );
    expect(body.rowCount).toBe(overdue.body.totalSize);
  });

  it('refuses a date range that ends before it starts, naming the field', async () => {
    const { status, body } = await list({ from: '2025-05-01', to: '2025-04-01' });
    expect(status).toBe(400);
    expect((body as unknown as CrmError).field).toBe('to');
    expect((await list({ from: '2025-02-30' })).status).toBe(400);
  });

  it('shows one invoice with its lines, charges and payments; its balance is what is left', async () => {
    const partly = (await list({ status: 'Overdue' })).body.invoices.find(
      (invoice) => invoice.balance < invoice.amount,
    );
    expect(partly).toBeDefined();
    const { status, body } = await crm.get('getInvoice', {
      ...halvorsen(),
      invoiceId: partly?.id ?? '',
    });
    expect(status).toBe(200);
    expect(body.accountName).toBe('Halvorsen Research Institute');
    expect(body.lines.length).toBeGreaterThan(0);
    const lines = body.lines.reduce((sum, line) => sum + line.lineTotal, 0);
    expect(body.subtotal).toBeCloseTo(lines, 2);
    expect(body.amount).toBeCloseTo(body.subtotal + body.shipping + body.tax - body.discount, 2);
    const paid = body.payments.reduce((sum, payment) => sum + payment.amount, 0);
    expect(body.balance).toBeCloseTo(body.amount - paid, 2);
    expect(body.paymentTerms).toBe('Net 30');
  });

  it('renders its PDF with the order PDF module: title, due date, payments and balance', async () => {
    const [invoice] = (await list({ status: 'Paid' })).body.invoices;
    const { status, body } = await crm.get('getInvoicePdf', { ...halvorsen(), invoiceId: invoice?.id ?? '' });
    expect(status).toBe(200);
    expect(body.fileName).toBe(`Invoice-${invoice?.invoiceNumber}.pdf`);
    const pdf = await PDFDocument.load(Buffer.from(body.content, 'base64'));
    expect(pdf.getTitle()).toBe(`Invoice ${invoice?.invoiceNumber}`);
  });

  it('says which invoices have an order of the account to link to: a placed order does, the seeded history does not', async () => {
    const buyer = await prepareOrdering(crm, {
      accountId: crm.ids.halvorsen,
      firstName: 'Ines',
      lastName: 'Berg',
      email: 'ines@h.example',
    });
    const placed = await placeTestOrder(crm, {
      accountId: crm.ids.halvorsen,
      contactId: buyer,
      quantities: [2],
      poNumber: 'HRI-LINK-1',
    });
    const { body } = await list();
    const ofOrder = body.invoices.find((invoice) => invoice.orderNumber === placed.orderNumber);
    expect(ofOrder).toMatchObject({
      invoiceNumber: placed.orderNumber.replace(/^SO-/, 'INV-'),
      hasOrder: true,
    });
    // The demo year names order numbers no order has: shown, never linked.
    const seeded = body.invoices.filter((invoice) => invoice.id !== ofOrder?.id);
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.some((invoice) => invoice.orderNumber !== null)).toBe(true);
    expect(seeded.every((invoice) => invoice.hasOrder === false)).toBe(true);

    const page = await crm.get('getInvoice', { ...halvorsen(), invoiceId: ofOrder?.id ?? '' });
    expect(page.body).toMatchObject({ orderNumber: placed.orderNumber, hasOrder: true });
    const history = await crm.get('getInvoice', { ...halvorsen(), invoiceId: seeded[0]?.id ?? '' });
    expect(history.body.hasOrder).toBe(false);
    // The order page finds the order the link leads to.
    const order = await crm.get('getOrder', { ...halvorsen(), orderNumber: placed.orderNumber });
    expect(order.status).toBe(200);
  });

  it('does not link an invoice to an order of another account, whose page would refuse it', async () => {
    const buyer = await prepareOrdering(crm, {
      accountId: crm.ids.halvorsen,
      firstName: 'Jon',
      lastName: 'Dahl',
      email: 'jon@h.example',
    });
    const placed = await placeTestOrder(crm, {
      accountId: crm.ids.halvorsen,
      contactId: buyer,
      quantities: [1],
      poNumber: 'HRI-LINK-2',
    });
    const stray = await insertInvoice(
      crm.database.db,
      {
        invoiceNumber: 'INV-STRAY-1',
        storefrontId: crm.ids.storefrontB,
        accountId: crm.ids.kestrel,
        quoteId: null,
        orderNumber: placed.orderNumber,
        poNumber: null,
        kind: 'Invoice',
        invoiceDate: today,
        dueDate: today,
        paymentTerms: 'Net 30',
        currency: 'USD',
        subtotal: 10,
        discount: 0,
        shipping: 0,
        tax: 0,
        amount: 10,
        balance: 10,
      },
      [],
    );
    const theirs = await crm.get('getInvoice', { ...kestrel(), invoiceId: stray.id });
    expect(theirs.body).toMatchObject({ orderNumber: placed.orderNumber, hasOrder: false });
    const listed = (await crm.get('getInvoices', { ...kestrel(), pageSize: '100' })).body.invoices;
    expect(listed.find((invoice) => invoice.id === stray.id)?.hasOrder).toBe(false);
    expect((await crm.get('getOrder', { ...kestrel(), orderNumber: placed.orderNumber })).status).toBe(404);
  });

  it("refuses another account's invoice (403) and says nothing of it; an unknown one is 404", async () => {
    const [theirs] = (await crm.get('getInvoices', kestrel())).body.invoices;
    expect(theirs).toBeDefined();
    for (const type of ['getInvoice', 'getInvoicePdf'] as const) {
      const refused = await crm.get(type, { ...halvorsen(), invoiceId: theirs?.id ?? '' });
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain(theirs?.invoiceNumber ?? '');
    }
    expect((await crm.get('getInvoice', { ...halvorsen(), invoiceId: 'no-such-invoice' })).status).toBe(404);
    // An account of another storefront is not this storefront's to list.
    expect((await crm.get('getInvoices', { ...kestrel(), storefrontId: crm.ids.storefrontA })).status).toBe(
      403,
    );
  });
});
