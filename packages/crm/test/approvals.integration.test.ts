import { failureOf } from '@storefront/contracts';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessEvents,
  catalogueItems,
  contactNotifications,
  costCentres,
  crmOutbox,
  quoteLineItems,
  quotes,
} from '../src/db/schema';
import { DEMO_SPENDING_LIMIT, ensureDemoSpendingLimit } from '../src/seed/approvals';
import { openSeededCrm, providerResult, type SeededCrm, testEngines } from '../src/testing';
import { CHECKOUT_TEMPLATE, prepareOrdering, readyTestCart, type TestOrder } from './fixtures/orders';

/** Spending limits and approvals at Place order (docs/decisions/0064-approvals-and-limits.md). */
describe.each(await testEngines())('approvals and spending limits on $name', (engine) => {
  let crm: SeededCrm;
  /** Managers of Halvorsen; Ana and Ben buy; Kai is a manager of Marlowe. */
  let ingrid: string;
  let olav: string;
  let ana: string;
  let ben: string;
  let kai: string;

  const scope = () => ({ storefrontId: crm.ids.storefrontA, accountId: crm.ids.halvorsen });
  const manager = (contactId: string) => ({ ...scope(), contactId, userType: 'AWSManager' });
  const buyer = (contactId: string) => ({ ...scope(), contactId, userType: 'AWSPortalUser' });
  const setLimit = (by: string, limit: Record<string, unknown>) =>
    crm.post('saveSpendingLimit', { ...manager(by), orderLimit: null, monthlyLimit: null, ...limit });

  const order = (contactId: string, quantities = [2, 1]): TestOrder => ({
    accountId: crm.ids.halvorsen,
    contactId,
    quantities,
    poNumber: `PO-${Math.random().toString(36).slice(2, 10)}`,
  });
  /** Readies a cart and presses Place order as the buyer (a portal user unless said). */
  const placeAs = async (contactId: string, userType = 'AWSPortalUser', quantities?: number[]) => {
    const { quoteId } = await readyTestCart(crm, order(contactId, quantities));
    const answer = await crm.post('blinkCheckout', {
      ...scope(),
      contactId,
      userType,
      quoteId,
      templateId: CHECKOUT_TEMPLATE,
    });
    return { quoteId, answer };
  };
  const requestOf = async (contactId: string, quoteId: string) => {
    const list = await crm.get('getApprovals', buyer(contactId));
    const found = list.body.mine.find((request) => request.quoteId === quoteId);
    if (!found) throw new Error(`no request of quote ${quoteId}`);
    return found;
  };
  const decide = (by: string, approvalId: string, decision: 'approve' | 'reject', comment = '') =>
    crm.post('decideApproval', { ...manager(by), approvalId, decision, comment });
  const eventsOf = (quoteId: string) =>
    crm.database.db
      .select({ type: businessEvents.type, data: businessEvents.data })
      .from(businessEvents)
      .where(eq(businessEvents.subject, `quote:${quoteId}`))
      .orderBy(businessEvents.sequence);

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const contact = (firstName: string, lastName: string, accountId = crm.ids.halvorsen) =>
      prepareOrdering(crm, {
        accountId,
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}@approvals.example`,
      });
    ingrid = await contact('Ingrid', 'Approver');
    olav = await contact('Olav', 'Approver');
    ana = await contact('Ana', 'Buyer');
    ben = await contact('Ben', 'Buyer');
    kai = await contact('Kai', 'Stranger', crm.ids.marlowe);
    // The CRM learns who the managers are from the calls the gateway binds their user type to.
    for (const id of [ingrid, olav]) expect((await crm.get('getApprovals', manager(id))).status).toBe(200);
  });
  afterAll(async () => crm?.close());

  it("places an order within the buyer's own limit even where their role's is lower", async () => {
    expect((await setLimit(ingrid, { forRole: 'AWSPortalUser', monthlyLimit: 1 })).status).toBe(200);
    const saved = await setLimit(ingrid, { forContactId: ana, monthlyLimit: 1_000_000 });
    expect(saved.status).toBe(200);
    expect(saved.body.users).toContainEqual(
      expect.objectContaining({
        contactId: ana,
        name: 'Ana Buyer',
        monthlyLimit: 1_000_000,
        orderLimit: null,
      }),
    );
    const { answer } = await placeAs(ana);
    expect(answer.status).toBe(200);
    expect(answer.body.orderNumber).toMatch(/^SO-/);
    const spending = await crm.get('getMySpending', buyer(ana));
    expect(spending.body).toMatchObject({ monthlyLimit: 1_000_000, orderLimit: null });
    expect(spending.body.spent).toBeGreaterThan(0);
    expect(spending.body.remaining).toBe(Math.round((1_000_000 - spending.body.spent) * 100) / 100);
  });

  it("holds an order over the role's monthly limit: not placed, the quote locked, the managers told", async () => {
    const { quoteId, answer } = await placeAs(ben);
    expect(answer.status).toBe(409);
    const error = failureOf(answer.body);
    expect(error?.errorCode).toBe('AWAITING_APPROVAL');
    expect(error?.message).toMatch(
      /^Your order awaits approval by (Ingrid Approver, Olav Approver|Olav Approver, Ingrid Approver)\./,
    );
    expect(error?.message).toContain('Over the monthly limit of $1.00');
    const [quote] = await crm.database.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote).toMatchObject({ checkedOut: true, status: 'Active' });
    expect(quote?.poNumber).toMatch(/^PO-/);
    // Nothing of it changes while it waits.
    const edit = await crm.post('updateQuote', {
      ...buyer(ben),
      quotes: [{ id: quoteId, poNumber: 'CHANGED' }],
    });
    expect(edit.status).toBe(400);
    // A second press of Place order answers the same.
    const again = await crm.post('blinkCheckout', { ...buyer(ben), quoteId, templateId: CHECKOUT_TEMPLATE });
    expect(again.status).toBe(409);
    const request = await requestOf(ben, quoteId);
    expect(request).toMatchObject({ status: 'Pending', own: true, decidable: false, buyerName: 'Ben Buyer' });
    expect(request.reasons).toEqual([
      expect.objectContaining({ kind: 'monthlyLimit', limit: 1, spent: 0, orderTotal: request.total }),
    ]);
    const forIngrid = await crm.get('getApprovals', manager(ingrid));
    expect(forIngrid.body.approver).toBe(true);
    expect(forIngrid.body.toApprove.find((found) => found.id === request.id)).toMatchObject({
      decidable: true,
      own: false,
    });
    const told = await crm.database.db
      .select({ contactId: contactNotifications.contactId, page: contactNotifications.targetTemplatePage })
      .from(contactNotifications)
      .where(like(contactNotifications.targetTemplatePage, `%${request.id}`));
    expect(told.map((row) => row.contactId).sort()).toEqual([ingrid, olav].sort());
    expect(told[0]?.page).toBe(`/billing/approvals/${request.id}`);
    const mails = await crm.database.db
      .select()
      .from(crmOutbox)
      .where(and(eq(crmOutbox.kind, 'ApprovalRequested'), like(crmOutbox.body, `%${request.id}%`)));
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(
      ['ingrid@approvals.example', 'olav@approvals.example'].sort(),
    );
    expect(mails[0]?.body).toContain(`https://localhost/billing/approvals/${request.id}`);
    expect((await eventsOf(quoteId)).map((event) => event.type)).toEqual(['approval.requested']);
  });

  it('gives the order limit as the reason for an order over it', async () => {
    await setLimit(ingrid, { forContactId: ben, orderLimit: 5, approverIds: [olav] });
    const { quoteId, answer } = await placeAs(ben);
    expect(answer.status).toBe(409);
    const request = await requestOf(ben, quoteId);
    expect(request.reasons.map((reason) => reason.kind)).toEqual(['orderLimit']);
    expect(request.approvers).toEqual(['Olav Approver']);
    // Only the named approver decides it: a manager who is not named cannot.
    expect((await decide(ingrid, request.id, 'approve')).status).toBe(403);
    const approved = await decide(olav, request.id, 'approve', 'Fine for the grant');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'Placed',
      decidedBy: 'Olav Approver',
      comment: 'Fine for the grant',
    });
    expect(approved.body.orderNumber).toMatch(/^SO-/);
    const orders = await crm.get('getOrders', scope());
    expect(orders.body.orders.map((found) => found.orderNumber)).toContain(approved.body.orderNumber);
    expect((await eventsOf(quoteId)).map((event) => event.type)).toEqual([
      'approval.requested',
      'approval.approved',
    ]);
    const buyerMail = await crm.database.db
      .select()
      .from(crmOutbox)
      .where(and(eq(crmOutbox.kind, 'ApprovalDecided'), eq(crmOutbox.recipient, 'ben@approvals.example')));
    expect(buyerMail.map((mail) => mail.body).join('\n')).toContain('Comment: Fine for the grant');
  });

  it('counts the month: placed orders and those waiting, against the monthly limit', async () => {
    const spent = (await crm.get('getMySpending', buyer(ben))).body.spent;
    expect(spent).toBeGreaterThan(0);
    await setLimit(ingrid, { forContactId: ben, monthlyLimit: spent + 1, approverIds: [olav] });
    const { quoteId, answer } = await placeAs(ben);
    expect(answer.status).toBe(409);
    const request = await requestOf(ben, quoteId);
    expect(request.reasons).toEqual([
      expect.objectContaining({ kind: 'monthlyLimit', spent, limit: spent + 1 }),
    ]);
    expect((await decide(olav, request.id, 'reject', 'Not this month')).status).toBe(200);
  });

  it("holds an order over its cost centre's budget, with the budget's figures, for a buyer without limits", async () => {
    const dana = await prepareOrdering(crm, {
      accountId: crm.ids.halvorsen,
      firstName: 'Dana',
      lastName: 'Budget',
      email: 'dana@approvals.example',
    });
    const costCentreId = `cc-${Math.random().toString(36).slice(2, 10)}`;
    await crm.database.db.insert(costCentres).values({
      id: costCentreId,
      accountId: crm.ids.halvorsen,
      code: 'CC-TINY',
      name: 'Tiny grant',
      budget: 1,
    });
    const { quoteId } = await readyTestCart(crm, order(dana));
    await crm.database.db.update(quotes).set({ costCentreId }).where(eq(quotes.id, quoteId));
    // A manager role has no limit here: only the budget holds the order.
    const answer = await crm.post('blinkCheckout', {
      ...manager(dana),
      quoteId,
      templateId: CHECKOUT_TEMPLATE,
    });
    expect(answer.status).toBe(409);
    expect(failureOf(answer.body).message).toContain('Over the budget of CC-TINY Tiny grant ($1.00)');
    const request = await requestOf(dana, quoteId);
    expect(request.reasons).toEqual([
      { kind: 'budget', limit: 1, spent: 0, orderTotal: request.total, costCentre: 'CC-TINY Tiny grant' },
    ]);
    // Managers approve where no limit names approvers.
    expect(request.approvers.sort()).toEqual(['Ingrid Approver', 'Olav Approver']);
    expect((await decide(ingrid, request.id, 'reject', 'Charge the core instead')).status).toBe(200);
  });

  it('rejects with a comment: the quote is the buyer’s active, editable cart again', async () => {
    await setLimit(ingrid, { forContactId: ben, orderLimit: 5, approverIds: [] });
    const { quoteId } = await placeAs(ben);
    const request = await requestOf(ben, quoteId);
    const rejected = await decide(ingrid, request.id, 'reject', 'Use the cheaper kit');
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'Rejected', comment: 'Use the cheaper kit' });
    const cart = await crm.get('getActiveQuote', { ...scope(), contactId: ben });
    expect(cart.body.quote?.id).toBe(quoteId);
    const edit = await crm.post('updateQuote', {
      ...buyer(ben),
      quotes: [{ id: quoteId, poNumber: 'NEW-PO-1' }],
    });
    expect(edit.status).toBe(200);
    const [notice] = await crm.database.db
      .select({ page: contactNotifications.targetTemplatePage })
      .from(contactNotifications)
      .where(
        and(
          eq(contactNotifications.contactId, ben),
          like(contactNotifications.targetTemplatePage, `%${request.id}`),
        ),
      );
    expect(notice?.page).toBe(`/billing/approvals/${request.id}`);
    expect((await eventsOf(quoteId)).map((event) => event.type)).toEqual([
      'approval.requested',
      'approval.rejected',
    ]);
    // Decided once: deciding again is a conflict.
    expect((await decide(olav, request.id, 'approve')).status).toBe(409);
  });

  it('asks the buyer to confirm a total that changed before approval, then places it', async () => {
    await setLimit(ingrid, { forContactId: ben, orderLimit: 5, approverIds: [] });
    const { quoteId } = await placeAs(ben, 'AWSPortalUser', [1]);
    const request = await requestOf(ben, quoteId);
    const [line] = await crm.database.db
      .select({ itemId: quoteLineItems.catalogItemId })
      .from(quoteLineItems)
      .where(eq(quoteLineItems.quoteId, quoteId));
    const [item] = await crm.database.db
      .select()
      .from(catalogueItems)
      .where(eq(catalogueItems.id, line?.itemId ?? ''));
    await crm.database.db
      .update(catalogueItems)
      .set({
        listPrice: (item?.listPrice ?? 0) + 50,
        negotiatedPrice: (item?.negotiatedPrice ?? item?.listPrice ?? 0) + 50,
      })
      .where(eq(catalogueItems.id, line?.itemId ?? ''));
    const approved = await decide(ingrid, request.id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'Approved',
      buyerToFinish: 'confirmTotal',
      orderNumber: null,
    });
    const [quote] = await crm.database.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote?.checkedOut).toBe(false);
    expect(quote?.total).toBeGreaterThan(request.total);
    // The buyer places it at the new total; the approval covers it.
    const placed = await crm.post('blinkCheckout', { ...buyer(ben), quoteId, templateId: CHECKOUT_TEMPLATE });
    expect(placed.status).toBe(200);
    expect((await requestOf(ben, quoteId)).status).toBe('Placed');
  });

  it("refuses a buyer deciding their own order, a manager's own limit, and another account", async () => {
    await setLimit(ingrid, { forContactId: olav, orderLimit: 5 });
    const { quoteId, answer } = await placeAs(olav, 'AWSManager');
    expect(answer.status).toBe(409);
    const request = await requestOf(olav, quoteId);
    const own = await decide(olav, request.id, 'approve');
    expect(own.status).toBe(403);
    expect(failureOf(own.body)?.message).toContain('You cannot approve or reject your own order');
    const raise = await setLimit(olav, { forContactId: olav, orderLimit: null });
    expect(raise.status).toBe(403);
    expect(failureOf(raise.body)?.message).toContain(
      'You cannot change a spending limit that applies to you',
    );
    expect((await setLimit(olav, { forRole: 'AWSManager', orderLimit: null })).status).toBe(403);
    // A portal user sets no limits; a manager of Marlowe neither sees nor decides Halvorsen's.
    expect(
      (
        await crm.post('saveSpendingLimit', {
          ...buyer(ana),
          forContactId: ana,
          orderLimit: null,
          monthlyLimit: null,
        })
      ).status,
    ).toBe(403);
    const marlowe = {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.marlowe,
      contactId: kai,
      userType: 'AWSManager',
    };
    expect(
      (await crm.post('decideApproval', { ...marlowe, approvalId: request.id, decision: 'approve' })).status,
    ).toBe(403);
    expect((await crm.get('getApproval', { ...marlowe, approvalId: request.id })).status).toBe(403);
    expect(
      (
        await crm.post('saveSpendingLimit', {
          ...marlowe,
          forContactId: ana,
          orderLimit: 1,
          monthlyLimit: null,
        })
      ).status,
    ).toBe(403);
    const stranger = await crm.get('getApprovals', marlowe);
    expect(stranger.body.toApprove.map((found) => found.id)).not.toContain(request.id);
    // Ana (a portal user, not named) cannot decide it either.
    expect(
      (await crm.post('decideApproval', { ...buyer(ana), approvalId: request.id, decision: 'reject' }))
        .status,
    ).toBe(403);
    expect((await decide(ingrid, request.id, 'reject')).status).toBe(200);
  });

  it('takes a card payment only once the order is approved, then places it when paid', async () => {
    const cleo = await prepareOrdering(crm, {
      accountId: crm.ids.halvorsen,
      firstName: 'Cleo',
      lastName: 'Card',
      email: 'cleo@approvals.example',
    });
    await setLimit(ingrid, { forContactId: cleo, orderLimit: 5, approverIds: [] });
    const { quoteId } = await readyTestCart(crm, { ...order(cleo), poNumber: '' });
    await crm.database.db
      .update(quotes)
      .set({ payOnlineTerms: 'Payment Required', poNumber: null })
      .where(eq(quotes.id, quoteId));
    const pay = () =>
      crm.post('generateSignature', { ...buyer(cleo), quoteId, returnUrl: 'http://localhost:3000/checkout' });
    const refused = await pay();
    expect(refused.status).toBe(400);
    expect(failureOf(refused.body)).toMatchObject({ errorCode: 'APPROVAL_REQUIRED' });
    // Placed unpaid, it waits: no PO number or payment is asked for yet.
    const place = () => crm.post('blinkCheckout', { ...buyer(cleo), quoteId, templateId: CHECKOUT_TEMPLATE });
    expect((await place()).status).toBe(409);
    const request = await requestOf(cleo, quoteId);
    const approved = await decide(ingrid, request.id, 'approve');
    expect(approved.body).toMatchObject({ status: 'Approved', buyerToFinish: 'pay', orderNumber: null });
    const started = await pay();
    expect(started.status).toBe(200);
    const paid = await crm.post('paymentRequestHandler', providerResult(started.body.fields));
    expect(paid.body.status).toBe('Succeeded');
    const placed = await place();
    expect(placed.status).toBe(200);
    expect((await requestOf(cleo, quoteId)).status).toBe('Placed');
  });

  it("gives the demo's grants buyer a monthly limit the demo manager approves over, once", async () => {
    const contact = (firstName: string, email: string) =>
      prepareOrdering(crm, { accountId: crm.ids.halvorsen, firstName, lastName: 'Demo', email });
    const grants = await contact('Elsa', DEMO_SPENDING_LIMIT.buyerEmail);
    const approver = await contact('Ingrid', DEMO_SPENDING_LIMIT.approverEmail);
    await ensureDemoSpendingLimit(crm.database.db);
    await ensureDemoSpendingLimit(crm.database.db);
    const spending = await crm.get('getMySpending', buyer(grants));
    expect(spending.body).toMatchObject({ monthlyLimit: 5000, orderLimit: null, spent: 0, remaining: 5000 });
    expect(spending.body.approvers).toEqual(['Ingrid Demo']);
    const limits = await crm.get('getSpendingLimits', manager(ingrid));
    expect(limits.body.users.filter((limit) => limit.contactId === grants)).toEqual([
      expect.objectContaining({ monthlyLimit: 5000, approverIds: [approver] }),
    ]);
  });

  it('makes one decision when two approvers decide at once', async () => {
    await setLimit(ingrid, { forContactId: ben, orderLimit: 5, approverIds: [] });
    const { quoteId } = await placeAs(ben);
    const request = await requestOf(ben, quoteId);
    const answers = await Promise.all([
      decide(ingrid, request.id, 'approve'),
      decide(olav, request.id, 'reject', 'No'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const events = await eventsOf(quoteId);
    expect(events.filter((event) => event.type !== 'approval.requested')).toHaveLength(1);
    const decided = await requestOf(ben, quoteId);
    expect(['Placed', 'Rejected']).toContain(decided.status);
    const orders = await crm.database.db
      .select()
      .from(quotes)
      .where(inArray(quotes.id, [quoteId]));
    expect(orders[0]?.status === 'Ordered').toBe(decided.status === 'Placed');
  });
});
