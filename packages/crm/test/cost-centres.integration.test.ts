import type { CostCentre } from '@storefront/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The browser tests' reader of a PDF's text: the PDFs are checked the way a buyer's download is.
import { pdfText } from '../../../e2e/support/pdf';
import { findQuote } from '../src/cart';
import { costCentreOverBudget } from '../src/cost-centres';
import { businessEvents } from '../src/db/schema';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';
import { CHECKOUT_TEMPLATE, prepareOrdering, readyTestCart } from './fixtures/orders';

/** The seeded CRM's today is 2025-06-15. */
describe.each(await testEngines())('cost centres and grant codes on $name', (engine) => {
  let crm: SeededCrm;
  let ana: string;
  let marloweBuyer: string;

  const halvorsen = () => ({ storefrontId: crm.ids.storefrontA, accountId: crm.ids.halvorsen });
  const marlowe = () => ({ storefrontId: crm.ids.storefrontA, accountId: crm.ids.marlowe });
  const save = (fields: Record<string, unknown>, scope = halvorsen()) =>
    crm.post('saveCostCentre', { ...scope, ...fields });
  /** Adds a code and answers it, failing the test when it is refused. */
  const add = async (fields: Record<string, unknown>, scope = halvorsen()): Promise<CostCentre> => {
    const { status, body } = await save(fields, scope);
    expect(status).toBe(200);
    if (body.saveStatus !== 'SUCCESS') throw new Error(`refused: ${body.message}`);
    return body.costCentre;
  };
  const listed = async (userType: string) => {
    const { status, body } = await crm.post('getCostCentres', { ...halvorsen(), userType });
    expect(status).toBe(200);
    return body;
  };
  const choose = (quoteId: string, costCentreId: string | null, contactId = ana) =>
    crm.post('setQuoteCostCentre', { ...halvorsen(), contactId, quoteId, costCentreId });
  const cart = (contactId = ana, quantities = [2]) =>
    readyTestCart(crm, { accountId: crm.ids.halvorsen, contactId, quantities, poNumber: `CC-${Date.now()}` });
  const place = (quoteId: string, contactId = ana) =>
    crm.post('blinkCheckout', { ...halvorsen(), contactId, quoteId, templateId: CHECKOUT_TEMPLATE });

  let grant: CostCentre;
  let expired: CostCentre;
  let inactive: CostCentre;
  let future: CostCentre;

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    ana = await prepareOrdering(crm, {
      accountId: crm.ids.halvorsen,
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana.cc@h.example',
    });
    marloweBuyer = await prepareOrdering(crm, {
      accountId: crm.ids.marlowe,
      firstName: 'Mo',
      lastName: 'Lee',
      email: 'mo.cc@m.example',
    });
    grant = await add({
      code: 'T-GRANT-1',
      name: 'Zebrafish grant',
      ownerContactId: ana,
      budget: 100_000,
      validFrom: '2025-01-01',
      validUntil: '2025-12-31',
    });
    expired = await add({ code: 'T-G-2024-17', name: 'Old grant', validUntil: '2025-06-14' });
    inactive = await add({ code: 'T-CC-OFF', name: 'Closed lab', active: false });
    future = await add({ code: 'T-CC-NEXT', name: 'Next year', validFrom: '2025-07-01' });
  });
  afterAll(async () => crm?.close());

  it('keeps each code with its owner, budget, validity and whether it can be charged today', async () => {
    expect(grant).toMatchObject({
      code: 'T-GRANT-1',
      ownerName: 'Ana Ruiz',
      budget: 100_000,
      state: 'usable',
      spent: 0,
      remaining: 100_000,
    });
    expect(expired.state).toBe('expired');
    expect(inactive.state).toBe('inactive');
    expect(future.state).toBe('notYetValid');
    const manager = await listed('AWSManager');
    expect(manager.canManage).toBe(true);
    expect(manager.owners).toEqual(expect.arrayContaining([{ contactId: ana, name: 'Ana Ruiz' }]));
    const codes = manager.costCentres.map((code) => code.code);
    expect(codes).toEqual(expect.arrayContaining(['T-GRANT-1', 'T-G-2024-17', 'T-CC-OFF', 'T-CC-NEXT']));
    // A buyer reads only what they may charge, and nobody's contacts.
    const buyer = await listed('AWSPortalUser');
    expect(buyer.canManage).toBe(false);
    expect(buyer.owners).toEqual([]);
    expect(buyer.costCentres.every((code) => code.state === 'usable')).toBe(true);
    expect(buyer.costCentres.map((code) => code.code)).toContain('T-GRANT-1');
    expect(buyer.costCentres.map((code) => code.code)).not.toContain('T-G-2024-17');
  });

  it('refuses a code that breaks a rule, naming the field, and writes nothing', async () => {
    const refused = async (fields: Record<string, unknown>, field: string, message: RegExp) => {
      const { status, body } = await save({ code: 'T-NEW', name: 'New', ...fields });
      expect(status).toBe(200);
      expect(body).toMatchObject({ saveStatus: 'ERROR', field });
      if (body.saveStatus === 'ERROR') expect(body.message).toMatch(message);
    };
    await refused({ code: 't-grant-1' }, 'code', /already has .* this code/);
    await refused({ code: 'T NEW' }, 'code', /letters, digits/);
    await refused({ validFrom: '2025-05-01', validUntil: '2025-04-30' }, 'validUntil', /not be before/);
    await refused({ ownerContactId: marloweBuyer }, 'ownerContactId', /contact of this account/);
    const bad = async (fields: Record<string, unknown>, message: RegExp) => {
      const { status, body } = await save({ code: 'T-NEW', name: 'New', ...fields });
      expect(status).toBe(400);
      expect(JSON.stringify(body)).toMatch(message);
    };
    await bad({ budget: -1 }, /budget cannot be negative/);
    await bad({ code: '' }, /Enter a code/);
    await bad({ name: 'x'.repeat(121) }, /A name has at most 120 characters/);
    await bad({ code: 'C'.repeat(41) }, /A code has at most 40 characters/);
    await bad({ name: 'A\u0000B' }, /NUL/);
    await bad({ validUntil: '2025-02-30' }, /validUntil/);
    const codes = (await listed('AWSManager')).costCentres.map((code) => code.code);
    expect(codes).not.toContain('T-NEW');
  });

  it('changes and deactivates a code of the account, and refuses another account the same (403)', async () => {
    const temp = await add({ code: 'T-EDIT', name: 'Before' });
    const { body } = await save({ costCentreId: temp.id, code: 'T-EDIT', name: 'After', budget: 50 });
    expect(body).toMatchObject({ saveStatus: 'SUCCESS', costCentre: { name: 'After', budget: 50 } });
    const off = await crm.post('setCostCentreActive', {
      ...halvorsen(),
      costCentreId: temp.id,
      active: false,
    });
    expect(off.body).toMatchObject({ active: false, state: 'inactive' });
    // Marlowe's manager can neither change, deactivate nor charge Halvorsen's code.
    expect((await save({ costCentreId: temp.id, code: 'X', name: 'Taken' }, marlowe())).status).toBe(403);
    const foreign = await crm.post('setCostCentreActive', {
      ...marlowe(),
      costCentreId: temp.id,
      active: true,
    });
    expect(foreign.status).toBe(403);
    const unknown = await crm.post('setCostCentreActive', {
      ...halvorsen(),
      costCentreId: 'nope',
      active: true,
    });
    expect(unknown.status).toBe(404);
  });

  it('refuses an expired, inactive or not yet valid code at choosing, saying why, and another account’s (403)', async () => {
    const { quoteId } = await cart();
    const refusal = async (code: CostCentre) => {
      const { status, body } = await choose(quoteId, code.id);
      expect(status).toBe(400);
      return JSON.stringify(body);
    };
    expect(await refusal(expired)).toContain(
      'T-G-2024-17 (Old grant) expired on 2025-06-14. Choose another code.',
    );
    expect(await refusal(inactive)).toContain('T-CC-OFF (Closed lab) is no longer active.');
    expect(await refusal(future)).toContain('T-CC-NEXT (Next year) is valid from 2025-07-01.');
    const theirs = await add({ code: 'M-1', name: 'Marlowe core' }, marlowe());
    expect((await choose(quoteId, theirs.id)).status).toBe(403);
    const chosen = await choose(quoteId, grant.id);
    expect(chosen.status).toBe(200);
    expect(chosen.body.costCentre).toEqual({ id: grant.id, code: 'T-GRANT-1', name: 'Zebrafish grant' });
    const step = await crm.post('getQuoteCostCentre', { ...halvorsen(), contactId: ana, quoteId });
    expect(step.body).toMatchObject({
      required: false,
      chosen: { id: grant.id, code: 'T-GRANT-1', problem: null },
    });
    expect(step.body.choices.map((code) => code.code)).not.toContain('T-CC-OFF');
  });

  it('refuses at Place order a code that expired or was deactivated since it was chosen', async () => {
    const short = await add({ code: 'T-SHORT', name: 'Short grant', validUntil: '2025-12-31' });
    const { quoteId } = await cart();
    expect((await choose(quoteId, short.id)).status).toBe(200);
    await save({ costCentreId: short.id, code: 'T-SHORT', name: 'Short grant', validUntil: '2025-06-01' });
    const refused = await place(quoteId);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('T-SHORT (Short grant) expired on 2025-06-01.');
    const step = await crm.post('getQuoteCostCentre', { ...halvorsen(), contactId: ana, quoteId });
    expect(step.body.chosen?.problem).toContain('expired on 2025-06-01');
    await crm.post('setCostCentreActive', { ...halvorsen(), costCentreId: short.id, active: false });
    await save({ costCentreId: short.id, code: 'T-SHORT', name: 'Short grant', active: false });
    expect(JSON.stringify((await place(quoteId)).body)).toContain('is no longer active');
    // Another code is taken and the order goes through.
    expect((await choose(quoteId, grant.id)).status).toBe(200);
    expect((await place(quoteId)).status).toBe(200);
  });

  it('requires a code on every order where the account asks for one', async () => {
    const { quoteId } = await cart();
    await crm.post('saveCostCentreSettings', { ...halvorsen(), required: true });
    try {
      const refused = await place(quoteId);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('Choose a cost centre or grant code for this order.');
      expect((await listed('AWSPortalUser')).required).toBe(true);
    } finally {
      await crm.post('saveCostCentreSettings', { ...halvorsen(), required: false });
    }
    expect((await place(quoteId)).status).toBe(200);
  });

  it("tracks spend against the budget from the account's placed orders, and cancelled ones give it back", async () => {
    const small = await add({ code: 'T-SMALL', name: 'Small budget', budget: 1 });
    const { quoteId } = await cart(ana, [1]);
    await choose(quoteId, small.id);
    const quote = await findQuote(crm.database.db, quoteId);
    if (!quote) throw new Error('no quote');
    const total = quote.total;
    // A budget of 1 does not hold the order; one of exactly its total does.
    expect(await costCentreOverBudget(crm.database.db, quote)).toEqual({
      code: 'T-SMALL',
      name: 'Small budget',
      budget: 1,
      spent: 0,
      orderTotal: total,
      currency: quote.currency,
    });
    await save({ costCentreId: small.id, code: 'T-SMALL', name: 'Small budget', budget: 100_000 });
    expect(await costCentreOverBudget(crm.database.db, quote)).toBeNull();
    const placed = await place(quoteId);
    expect(placed.status).toBe(200);
    // What the order came to once taxed and shipped is what it spent.
    const placedTotal = (await findQuote(crm.database.db, quoteId))?.total ?? 0;
    expect(placedTotal).toBeGreaterThan(0);
    const spent = (await listed('AWSManager')).costCentres.find((code) => code.id === small.id);
    expect(spent).toMatchObject({ spent: placedTotal, remaining: 100_000 - placedTotal });

    // A next order that fits exactly what is left is not over; a cent more is.
    const next = await cart(ana, [1]);
    await choose(next.quoteId, small.id);
    const nextQuote = await findQuote(crm.database.db, next.quoteId);
    if (!nextQuote) throw new Error('no quote');
    const budget = Math.round((placedTotal + nextQuote.total) * 100) / 100;
    await save({ costCentreId: small.id, code: 'T-SMALL', name: 'Small budget', budget });
    expect(await costCentreOverBudget(crm.database.db, nextQuote)).toBeNull();
    const bigger = { ...nextQuote, total: nextQuote.total + 0.01 };
    expect(await costCentreOverBudget(crm.database.db, bigger)).toMatchObject({
      code: 'T-SMALL',
      budget,
      spent: placedTotal,
      orderTotal: bigger.total,
    });
    // No code: never over.
    await choose(next.quoteId, null);
    const uncharged = await findQuote(crm.database.db, next.quoteId);
    expect(uncharged && (await costCentreOverBudget(crm.database.db, uncharged))).toBeNull();

    const cancelled = await crm.post('cancelOrder', {
      ...halvorsen(),
      contactId: ana,
      orderNumber: placed.body.orderNumber,
    });
    expect(cancelled.status).toBe(200);
    const after = (await listed('AWSManager')).costCentres.find((code) => code.id === small.id);
    expect(after).toMatchObject({ spent: 0, remaining: budget });
  });

  it('carries the code on the order, its event, its invoice and both CSV exports', async () => {
    const { quoteId } = await cart();
    await choose(quoteId, grant.id);
    const placed = await place(quoteId);
    expect(placed.status).toBe(200);
    const { orderNumber } = placed.body;
    const pdf = await crm.post('getFileContent', {
      ...halvorsen(),
      contactId: ana,
      contentVersionId: placed.body.pdf.cvId,
    });
    expect(pdfText(Buffer.from(pdf.body.content, 'base64'))).toContain(
      'Cost centre / grant: T-GRANT-1 (Zebrafish grant)',
    );
    const order = await crm.get('getOrder', { ...halvorsen(), orderNumber });
    expect(order.body.costCentre).toEqual({ code: 'T-GRANT-1', name: 'Zebrafish grant' });
    // The orders charged to a code, any letter case: what its spend is made of.
    const list = await crm.get('getOrders', { ...halvorsen(), costCentre: 't-grant-1' });
    expect(list.body.orders.map((entry) => entry.orderNumber)).toContain(orderNumber);
    expect(list.body.orders.every((entry) => entry.costCentre?.code === 'T-GRANT-1')).toBe(true);
    const other = await crm.get('getOrders', { ...halvorsen(), costCentre: 'T-SMALL' });
    expect(other.body.orders.map((entry) => entry.orderNumber)).not.toContain(orderNumber);

    const [event] = await crm.database.db
      .select()
      .from(businessEvents)
      .where(
        and(eq(businessEvents.subject, `order:${orderNumber}`), eq(businessEvents.type, 'order.placed')),
      );
    expect(event?.data).toMatchObject({ costCentre: { code: 'T-GRANT-1', name: 'Zebrafish grant' } });

    const orders = await crm.get('exportOrders', halvorsen());
    const orderLine = orders.body.content.split('\r\n').find((line) => line.startsWith(`${orderNumber},`));
    expect(orderLine?.split(',').at(-1)).toBe('T-GRANT-1');

    const invoices = await crm.get('getInvoices', { ...halvorsen(), pageSize: '100' });
    const invoice = invoices.body.invoices.find((entry) => entry.orderNumber === orderNumber);
    expect(invoice?.costCentreCode).toBe('T-GRANT-1');
    const shown = await crm.get('getInvoice', { ...halvorsen(), invoiceId: invoice?.id ?? '' });
    expect(shown.body.costCentreCode).toBe('T-GRANT-1');
    const invoicePdf = await crm.get('getInvoicePdf', { ...halvorsen(), invoiceId: invoice?.id ?? '' });
    expect(pdfText(Buffer.from(invoicePdf.body.content, 'base64'))).toContain(
      'Cost centre / grant: T-GRANT-1',
    );
    const exported = await crm.get('exportInvoices', { ...halvorsen() });
    const invoiceLine = exported.body.content
      .split('\r\n')
      .find((line) => line.startsWith(`${invoice?.invoiceNumber},`));
    expect(invoiceLine?.split(',').at(-1)).toBe('T-GRANT-1');
  });
});
