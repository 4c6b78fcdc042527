import {
  CHECKOUT_MESSAGES,
  type CrmError,
  failureOf,
  notificationUrl,
  ORDER_NUMBER_PATTERN,
} from '@storefront/contracts';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, quoteFiles, quotes, templates } from '../src/db/schema';
import { mailOfQuote } from '../src/orders/queries/orders';
import { REFUND_REASONS } from '../src/payments/rules/payments';
import { openSeededCrm, providerResult, type SeededCrm, testEngines } from '../src/testing';

const WITH_PDF = 'tpl-test-checkout-pdf';
const WITHOUT_PDF = 'tpl-test-checkout-no-pdf';

const SHIPPING_ADDRESS = {
  shippingAddress: '1 Main St',
  shippingCity: 'Austin',
  shippingState: 'TX',
  shippingZip: '78701',
  shippingCountry: 'US',
  shippingContactName: 'Ana Ruiz',
  shippingContactEmail: 'ana.ruiz@example.com',
};
const BILLING_ADDRESS = {
  billingAddress1: '9 Billing Rd',
  billingCity: 'Austin',
  billingState: 'TX',
  billingZip: '78702',
  billingCountry: 'US',
  billingContactName: 'Ana Ruiz',
  billingContactEmail: 'ap@example.com',
};
const SHIPPING_METHOD = { shippingCarrier: 'UPS', shippingService: 'Ground', shippingAmount: 12.5 };

describe.each(await testEngines())('placing the order on $name', (engine) => {
  let crm: SeededCrm;

  const storefrontOf = (accountId: string) =>
    accountId === crm.ids.kestrel ? crm.ids.storefrontB : crm.ids.storefrontA;
  const scope = (accountId: string) => ({ storefrontId: storefrontOf(accountId), accountId });

  /** A new cart of the account with two of the first item its catalogue shows. */
  async function newCart(accountId: string): Promise<string> {
    const catalogue = await crm.post('retrieveCatalogNG', scope(accountId));
    await crm.post('startNewCart', scope(accountId));
    const cart = await crm.post('saveItemToQuoteBlink', {
      ...scope(accountId),
      catalogItemId: catalogue.body.items[0]?.id,
      qty: 2,
    });
    expect(cart.status).toBe(200);
    return cart.body.quote.id;
  }
  /** What the checkout's steps store on the quote, set as the step types leave it. */
  const setQuote = (quoteId: string, fields: Partial<typeof quotes.$inferInsert>) =>
    crm.database.db.update(quotes).set(fields).where(eq(quotes.id, quoteId));
  /** A cart of the account with every step done but payment and PO number. */
  async function readyCart(accountId: string): Promise<string> {
    const quoteId = await newCart(accountId);
    await setQuote(quoteId, { ...SHIPPING_ADDRESS, ...BILLING_ADDRESS, ...SHIPPING_METHOD });
    return quoteId;
  }
  const submit = (accountId: string, quoteId: string, templateId = WITH_PDF, extra: object = {}) =>
    crm.post('blinkCheckout', { ...scope(accountId), quoteId, templateId, ...extra });
  /** A refusal as the CRM answers it: the message verbatim, 'ERROR: ' and all (shown as it is, C§8). */
  const refusal = async (answer: Promise<{ status: number; body: unknown }>) => {
    const { status, body } = await answer;
    const { errorCode, field } = failureOf(body);
    return { status, errorCode, field, message: (body as CrmError).message };
  };

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const template = (id: string, storefrontId: string, pdf: string | null) => ({
      id,
      storefrontId,
      name: id,
      createdDate: new Date('2025-01-01T00:00:00Z'),
      Page_Type: 'Checkout',
      Quote_eDocument_ID: pdf,
    });
    await crm.database.db
      .insert(templates)
      .values([
        template(WITH_PDF, crm.ids.storefrontA, 'QuoteOrderPdf'),
        template(`${WITH_PDF}-b`, crm.ids.storefrontB, 'QuoteOrderPdf'),
        template(WITHOUT_PDF, crm.ids.storefrontA, null),
      ]);
  });
  afterAll(() => crm.close());

  it("refuses a checkout template without a Quote PDF template, and another storefront's template", async () => {
    const quoteId = await readyCart(crm.ids.halvorsen);
    await setQuote(quoteId, { poNumber: 'HRI-PDF-1' });
    expect(await refusal(submit(crm.ids.halvorsen, quoteId, WITHOUT_PDF))).toEqual({
      status: 400,
      errorCode: 'QUOTE_PDF_TEMPLATE_NOT_SET',
      field: null,
      message: CHECKOUT_MESSAGES.pdfTemplateNotSet,
    });
    expect(await refusal(submit(crm.ids.halvorsen, quoteId, `${WITH_PDF}-b`))).toMatchObject({
      status: 404,
      field: 'templateId',
    });
    const [quote] = await crm.database.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote?.checkedOut).toBe(false);
  });

  it('names each incomplete step in turn, then places the order on account terms with a PO number', async () => {
    const kestrel = crm.ids.kestrel;
    const templateB = `${WITH_PDF}-b`;
    const empty = await crm.post('startNewCart', scope(kestrel));
    const step = (quoteId: string) => refusal(submit(kestrel, quoteId, templateB));
    expect(await step(empty.body.quote.id)).toMatchObject({
      status: 400,
      message: CHECKOUT_MESSAGES.emptyCart,
    });

    const quoteId = await newCart(kestrel);
    expect(await step(quoteId)).toEqual({
      status: 400,
      errorCode: 'CHECKOUT_STEP_INCOMPLETE',
      field: null,
      message: CHECKOUT_MESSAGES.shippingAddress,
    });
    // A US address without a state is no address to ship to.
    await setQuote(quoteId, { ...SHIPPING_ADDRESS, shippingState: null });
    expect((await step(quoteId)).message).toBe(CHECKOUT_MESSAGES.shippingAddress);
    // Storefront B lets buyers check out without a rate: no shipping method needed.
    await setQuote(quoteId, { shippingState: 'TX' });
    expect((await step(quoteId)).message).toBe(CHECKOUT_MESSAGES.billingAddress);
    await setQuote(quoteId, BILLING_ADDRESS);
    // Kestrel's terms are No Payment: the order is bought on account and needs the buyer's PO.
    expect((await step(quoteId)).message).toBe(CHECKOUT_MESSAGES.poNumber);
    await setQuote(quoteId, {
      poNumber: 'KD-ORDER-1',
      ...SHIPPING_METHOD,
      customerShippingAccount: 'UPS-4471',
    });

    const placed = await submit(kestrel, quoteId, templateB);
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ quoteId, alreadySubmitted: false });
    expect(placed.body.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
    expect(placed.body.orderNumber.startsWith('SO-2025-')).toBe(true);
    expect(placed.body.pdf.fileName).toBe(`Order-${placed.body.orderNumber}.pdf`);

    const [quote] = await crm.database.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote).toMatchObject({ checkedOut: true, status: 'Ordered', taxStatus: 'Committed' });

    // The PDF is the quote's file, served to the quote's account only.
    const file = await crm.post('getFileContent', {
      ...scope(kestrel),
      contentVersionId: placed.body.pdf.cvId,
    });
    expect(file.status).toBe(200);
    expect(file.body.contentType).toBe('application/pdf');
    const bytes = Buffer.from(file.body.content, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe(`Order ${placed.body.orderNumber}`);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    const other = await crm.post('getFileContent', {
      ...scope(crm.ids.halvorsen),
      contentVersionId: placed.body.pdf.cvId,
    });
    expect(other.status).toBe(403);

    // The confirmation mail waits in the outbox, with the PDF.
    const mail = await mailOfQuote(crm.database.db, quoteId);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      kind: 'OrderConfirmation',
      recipient: BILLING_ADDRESS.billingContactEmail,
      attachmentFileId: placed.body.pdf.cvId,
    });
    expect(mail[0]?.subject).toContain(placed.body.orderNumber);

    // The account's quotes and orders list shows it as an order, named by its number.
    const list = await crm.post('getGroupedFilteredList', {
      ...scope(kestrel),
      sortDirection: 'DESC',
    });
    const listed = list.body.groups.flatMap((group) => group.quotes).find((entry) => entry.id === quoteId);
    expect(listed).toMatchObject({
      status: 'Ordered',
      name: placed.body.orderNumber,
      checkedOut: true,
      orderNumber: placed.body.orderNumber,
      poNumber: 'KD-ORDER-1',
    });

    // On account terms the order is an open invoice of the account, due after its terms (Net 30).
    const invoices = await crm.get('getInvoices', scope(kestrel));
    const invoice = invoices.body.invoices.find((entry) => entry.orderNumber === placed.body.orderNumber);
    expect(invoice).toMatchObject({
      invoiceNumber: placed.body.orderNumber.replace('SO-', 'INV-'),
      status: 'Open',
      invoiceDate: '2025-06-15',
      dueDate: '2025-07-15',
      amount: quote?.total,
      balance: quote?.total,
    });

    // Submitting again (a second tab) answers the same order.
    const again = await submit(kestrel, quoteId, templateB);
    expect(again.body).toEqual({ ...placed.body, alreadySubmitted: true });
    expect(await mailOfQuote(crm.database.db, quoteId)).toHaveLength(1);

    // The confirmation reads the order back for its account only.
    const confirmation = await crm.post('getOrderConfirmation', {
      ...scope(kestrel),
      orderNumber: placed.body.orderNumber,
    });
    expect(confirmation.status).toBe(200);
    expect(confirmation.body).toMatchObject({
      orderNumber: placed.body.orderNumber,
      quoteId,
      poNumber: 'KD-ORDER-1',
      // Where it goes, how and on what terms, as the PDF says.
      shipTo: ['Ana Ruiz', '1 Main St', 'Austin TX 78701', 'US'],
      shippingMethod: 'UPS Ground on your account UPS-4471',
      paymentTerms: 'No Payment',
      pdf: placed.body.pdf,
    });
    expect(confirmation.body.lines).toHaveLength(1);
    expect(confirmation.body.total).toBe(quote?.total);
    const foreign = await crm.post('getOrderConfirmation', {
      ...scope(crm.ids.halvorsen),
      orderNumber: placed.body.orderNumber,
    });
    expect(foreign.status).toBe(403);
    const unknown = await crm.post('getOrderConfirmation', {
      ...scope(kestrel),
      orderNumber: 'SO-2025-999999',
    });
    expect(unknown.status).toBe(404);
  });

  it('asks for a shipping method where the storefront needs a rate', async () => {
    const quoteId = await readyCart(crm.ids.halvorsen);
    await setQuote(quoteId, {
      shippingCarrier: null,
      shippingService: null,
      shippingAmount: null,
      poNumber: 'HRI-M-1',
    });
    expect((await refusal(submit(crm.ids.halvorsen, quoteId))).message).toBe(
      CHECKOUT_MESSAGES.shippingMethod,
    );
  });

  it('tells a signed-in buyer of their order in a notification leading to its confirmation, once', async () => {
    const buyer = { ...scope(crm.ids.halvorsen), contactId: '003NOTIFIED0000AAA' };
    const catalogue = await crm.post('retrieveCatalogNG', scope(crm.ids.halvorsen));
    await crm.post('startNewCart', buyer);
    const cart = await crm.post('saveItemToQuoteBlink', {
      ...buyer,
      catalogItemId: catalogue.body.items[0]?.id,
      qty: 1,
    });
    const quoteId = cart.body.quote.id;
    await setQuote(quoteId, {
      ...SHIPPING_ADDRESS,
      ...BILLING_ADDRESS,
      ...SHIPPING_METHOD,
      poNumber: 'HRI-NOTE-1',
    });
    const order = { ...buyer, quoteId, templateId: WITH_PDF };
    const placed = await crm.post('blinkCheckout', order);
    expect(placed.status).toBe(200);
    expect((await crm.post('blinkCheckout', order)).body.alreadySubmitted).toBe(true);

    const { body } = await crm.get('getNotifications', {
      storefrontId: buyer.storefrontId,
      accId: buyer.accountId,
      cid: buyer.contactId,
    });
    expect(body.notification.map((entry) => entry.Name)).toEqual([`Order ${placed.body.orderNumber} placed`]);
    const [row] = body.contactNotification;
    expect(row && notificationUrl(row)).toBe(`/checkout/confirmation/${placed.body.orderNumber}`);
  });

  it('refuses a PO number another order of the account already has', async () => {
    const first = await readyCart(crm.ids.halvorsen);
    const second = await readyCart(crm.ids.halvorsen);
    await setQuote(first, { poNumber: 'HRI-DUP-1' });
    expect((await submit(crm.ids.halvorsen, first)).status).toBe(200);
    // Set as if updateQuote had taken it before the first order was placed.
    await setQuote(second, { poNumber: 'hri-dup-1' });
    const refused = await refusal(submit(crm.ids.halvorsen, second));
    expect(refused).toMatchObject({ status: 400, errorCode: 'DUPLICATE_PO_NUMBER' });
    // Storefront A words the refusal itself (seed/storefronts.ts).
    expect(refused.message).toMatch(/^This PO number is already on another order/);
  });

  it('needs a payment where the terms require one, and then no PO number', async () => {
    const marlowe = crm.ids.marlowe;
    const quoteId = await readyCart(marlowe);
    expect(await refusal(submit(marlowe, quoteId))).toEqual({
      status: 400,
      errorCode: 'PAYMENT_REQUIRED',
      field: null,
      message: CHECKOUT_MESSAGES.paymentRequired,
    });
    // The buyer sees the tax before paying; the payment is for the total with it.
    expect((await crm.post('calculateAvaTax', { ...scope(marlowe), recordId: quoteId })).status).toBe(200);
    const request = await crm.post('generateSignature', {
      ...scope(marlowe),
      quoteId,
      returnUrl: 'http://localhost:3000/checkout',
    });
    expect(request.status).toBe(200);
    const paid = await crm.post('paymentRequestHandler', providerResult(request.body.fields));
    expect(paid.status).toBe(200);
    const placed = await submit(marlowe, quoteId);
    expect(placed.status).toBe(200);
    expect(placed.body.alreadySubmitted).toBe(false);
    // Paid by card at checkout, its invoice is paid already: the card payment applied, nothing left.
    const list = await crm.get('getInvoices', { ...scope(marlowe), status: 'Paid' });
    const paidInvoice = list.body.invoices.find((entry) => entry.orderNumber === placed.body.orderNumber);
    expect(paidInvoice).toMatchObject({ status: 'Paid', balance: 0 });
    const detail = await crm.get('getInvoice', {
      ...scope(marlowe),
      invoiceId: paidInvoice?.id ?? '',
    });
    expect(detail.body.payments).toEqual([
      expect.objectContaining({ method: 'Visa ending 4242', amount: paidInvoice?.amount }),
    ]);
  });

  /** Pays what is left of the quote with a test card, through the provider's signed result. */
  async function payRest(accountId: string, quoteId: string): Promise<string> {
    const request = await crm.post('generateSignature', {
      ...scope(accountId),
      quoteId,
      returnUrl: 'http://localhost:3000/checkout',
    });
    expect(request.status).toBe(200);
    expect((await crm.post('paymentRequestHandler', providerResult(request.body.fields))).status).toBe(200);
    return request.body.fields.amount;
  }
  const taxed = (accountId: string, quoteId: string) =>
    crm.post('calculateAvaTax', { ...scope(accountId), recordId: quoteId });
  const invoiceOf = async (accountId: string, orderNumber: string) => {
    const list = await crm.get('getInvoices', { ...scope(accountId) });
    const entry = list.body.invoices.find((row) => row.orderNumber === orderNumber);
    return (await crm.get('getInvoice', { ...scope(accountId), invoiceId: entry?.id ?? '' })).body;
  };
  const linesOf = async (accountId: string, quoteId: string) =>
    (await crm.get('getQuoteItems', { ...scope(accountId), quoteid: quoteId })).body.lines;

  it('asks for the difference when a paid cart grew, where payment is required, then places the order', async () => {
    const marlowe = crm.ids.marlowe;
    const quoteId = await readyCart(marlowe);
    await taxed(marlowe, quoteId);
    const first = await payRest(marlowe, quoteId);
    const [line] = await linesOf(marlowe, quoteId);
    await crm.post('updateQLI', { ...scope(marlowe), quoteId, lines: [{ id: line?.id, qty: 5 }] });
    // A changed cart asks for its shipping method again.
    await setQuote(quoteId, SHIPPING_METHOD);

    const refused = await refusal(submit(marlowe, quoteId));
    expect(refused).toMatchObject({ status: 400, errorCode: 'PAYMENT_REQUIRED' });
    expect(refused.message).toMatch(
      /^ERROR: The order total changed after your card payment\. Please pay the remaining \$[\d,]+\.\d{2} by card to place the order\.$/,
    );
    await taxed(marlowe, quoteId);
    const { total } = (await crm.post('getShuttleCheckoutInfo', { ...scope(marlowe), quoteId })).body;
    const second = await payRest(marlowe, quoteId);
    expect(Number(first) + Number(second)).toBeCloseTo(total, 2);

    const placed = await submit(marlowe, quoteId);
    expect(placed.status).toBe(200);
    const invoice = await invoiceOf(marlowe, placed.body.orderNumber);
    expect(invoice).toMatchObject({ status: 'Paid', balance: 0 });
    expect(invoice.payments.map((payment) => payment.amount).sort()).toEqual(
      [Number(first), Number(second)].sort(),
    );
  });

  it('invoices the difference on optional terms, and refunds what a shrunk cart was paid over', async () => {
    const halvorsen = crm.ids.halvorsen;
    const grown = await readyCart(halvorsen);
    await setQuote(grown, { poNumber: `HRI-GROWN-${Date.now()}` });
    await taxed(halvorsen, grown);
    const paid = Number(await payRest(halvorsen, grown));
    const [line] = await linesOf(halvorsen, grown);
    await crm.post('updateQLI', { ...scope(halvorsen), quoteId: grown, lines: [{ id: line?.id, qty: 4 }] });
    await setQuote(grown, SHIPPING_METHOD);
    const placedGrown = await submit(halvorsen, grown);
    expect(placedGrown.status).toBe(200);
    const open = await invoiceOf(halvorsen, placedGrown.body.orderNumber);
    expect(open.status).not.toBe('Paid');
    expect(open.balance).toBeCloseTo(open.amount - paid, 2);
    expect(open.payments).toEqual([expect.objectContaining({ amount: paid })]);

    const shrunk = await readyCart(halvorsen);
    await taxed(halvorsen, shrunk);
    const before = Number(await payRest(halvorsen, shrunk));
    const [only] = await linesOf(halvorsen, shrunk);
    await crm.post('updateQLI', { ...scope(halvorsen), quoteId: shrunk, lines: [{ id: only?.id, qty: 1 }] });
    await setQuote(shrunk, { ...SHIPPING_METHOD, poNumber: `HRI-SHRUNK-${Date.now()}` });
    const placedShrunk = await submit(halvorsen, shrunk);
    expect(placedShrunk.status).toBe(200);
    const settled = await invoiceOf(halvorsen, placedShrunk.body.orderNumber);
    expect(settled).toMatchObject({ status: 'Paid', balance: 0 });
    const info = await crm.post('getShuttleCheckoutInfo', {
      ...scope(halvorsen),
      quoteId: shrunk,
    });
    expect(info.body.refunds).toEqual([
      expect.objectContaining({ reason: REFUND_REASONS.overpaid, amount: expect.any(Number) }),
    ]);
    expect(info.body.refunds[0]?.amount).toBeCloseTo(before - settled.amount, 2);
    expect(info.body.amountPaid).toBeCloseTo(settled.amount, 2);
  });

  it("refuses another account's quote (403) and a guest cart without its secret", async () => {
    const quoteId = await readyCart(crm.ids.halvorsen);
    await setQuote(quoteId, { poNumber: 'HRI-OWN-1' });
    expect((await submit(crm.ids.marlowe, quoteId)).status).toBe(403);
    const guest = await refusal(submit(crm.ids.guest, quoteId));
    expect(guest).toMatchObject({ status: 403, errorCode: 'GUEST_CART_REQUIRES_SECRET' });
    const stranger = await submit(crm.ids.guest, quoteId, WITH_PDF, { guestCartSecret: 'x'.repeat(40) });
    expect(stranger.status).toBe(403);
    const [quote] = await crm.database.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote?.checkedOut).toBe(false);
  });

  // Races need real parallel transactions: PGlite runs one at a time.
  if (engine.name === 'postgres') {
    it('makes one order of 20 parallel submits of one quote', async () => {
      const quoteId = await readyCart(crm.ids.halvorsen);
      await setQuote(quoteId, { poNumber: 'HRI-RACE-1' });
      const answers = await Promise.all(Array.from({ length: 20 }, () => submit(crm.ids.halvorsen, quoteId)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      expect(new Set(answers.map((answer) => answer.body.orderNumber)).size).toBe(1);
      expect(answers.filter((answer) => !answer.body.alreadySubmitted)).toHaveLength(1);
      const db = crm.database.db;
      expect(await db.select().from(orders).where(eq(orders.quoteId, quoteId))).toHaveLength(1);
      expect(
        await db.select({ id: quoteFiles.id }).from(quoteFiles).where(eq(quoteFiles.quoteId, quoteId)),
      ).toHaveLength(1);
      expect(await mailOfQuote(db, quoteId)).toHaveLength(1);
    });
  }
});
