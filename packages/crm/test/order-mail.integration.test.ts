import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, type SmtpReceiver, startSmtpReceiver } from '../../../e2e/support/mail-catcher';
import { headersOf, partOfType } from '../../../e2e/support/mime';
import { contacts, crmOutbox, quotes, storefronts, templates } from '../src/db/schema';
import { createMailDelivery } from '../src/orders/outbox';
import { mailOfQuote } from '../src/orders/queries/orders';
import { billTestInvoice, openSeededCrm, providerResult, type SeededCrm, testEngines } from '../src/testing';

/** The process-wide sender (MAIL_FROM) of these tests. */
const DEFAULT_FROM = 'Storefront Test <mail@storefront.test>';

describe.each(await testEngines())('the order confirmation mail on $name', (engine) => {
  let crm: SeededCrm;
  let smtp: SmtpReceiver;
  const received: ReceivedMail[] = [];
  let smtpUrl = '';

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    smtp = await startSmtpReceiver(0, (mail) => received.push(mail));
    smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
  });
  afterAll(async () => {
    await crm.close();
    await smtp.close();
  });

  const mailDelivery = (errors: unknown[], url = smtpUrl) =>
    createMailDelivery({
      db: crm.database.db,
      smtpUrl: url,
      mailFrom: DEFAULT_FROM,
      logError: (error) => errors.push(error),
    });

  /** Sets a storefront's name and sender for the length of `run`. */
  async function withStorefront(
    storefrontId: string,
    settings: { name?: string; mailFrom: string | null; mailReplyTo: string | null },
    run: () => Promise<void>,
  ) {
    const [before] = await crm.database.db.select().from(storefronts).where(eq(storefronts.id, storefrontId));
    if (!before) throw new Error(`no storefront ${storefrontId}`);
    await crm.database.db.update(storefronts).set(settings).where(eq(storefronts.id, storefrontId));
    try {
      await run();
    } finally {
      const { name, mailFrom, mailReplyTo } = before;
      await crm.database.db
        .update(storefronts)
        .set({ name, mailFrom, mailReplyTo })
        .where(eq(storefronts.id, storefrontId));
    }
  }

  /** Places an order of one line with the given PO number; answers the quote id and the order. */
  async function placeOrder(templateId: string, poNumber: string) {
    const scope = { storefrontId: crm.ids.storefrontB, accountId: crm.ids.kestrel };
    await crm.database.db.insert(templates).values({
      id: templateId,
      storefrontId: crm.ids.storefrontB,
      name: 'checkout',
      createdDate: new Date('2025-01-01T00:00:00Z'),
      Page_Type: 'Checkout',
      Quote_eDocument_ID: 'QuoteOrderPdf',
    });
    const catalogue = await crm.post('retrieveCatalogNG', scope);
    await crm.post('startNewCart', scope);
    const cart = await crm.post('saveItemToQuoteBlink', {
      ...scope,
      catalogItemId: catalogue.body.items[0]?.id,
      qty: 1,
    });
    const quoteId = cart.body.quote.id;
    await crm.database.db
      .update(quotes)
      .set({
        shippingAddress: '1 Main St',
        shippingCity: 'Austin',
        shippingState: 'TX',
        shippingZip: '78701',
        shippingCountry: 'US',
        billingCity: 'Austin',
        billingContactEmail: 'ap@kestrel.example',
        poNumber,
      })
      .where(eq(quotes.id, quoteId));
    const placed = await crm.post('blinkCheckout', {
      ...scope,
      quoteId,
      templateId,
    });
    expect(placed.status).toBe(200);
    return { quoteId, placed };
  }

  it('sends the queued confirmation with its PDF once, and marks it sent', async () => {
    const { quoteId, placed } = await placeOrder('tpl-mail-checkout', 'KD-MAIL-1');

    const errors: unknown[] = [];
    const delivery = mailDelivery(errors);
    await delivery.deliver();
    await delivery.deliver();
    expect(errors).toEqual([]);
    const mine = received.filter((mail) =>
      mail.data.includes(`Subject: Your order ${placed.body.orderNumber}`),
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]?.to).toEqual(['ap@kestrel.example']);
    expect(mine[0]?.data).toContain(`filename=${placed.body.pdf.fileName}`);
    // The storefront names no sender: the process's.
    expect(headersOf(mine[0]?.data ?? '')).toMatchObject({ from: DEFAULT_FROM });
    expect(headersOf(mine[0]?.data ?? '')['reply-to']).toBeUndefined();
    const [mail] = await mailOfQuote(crm.database.db, quoteId);
    expect(mail?.sentAt).toBeInstanceOf(Date);
  });

  it('keeps a mail the mail server refused, and sends it on a later run once its wait is over', async () => {
    const { quoteId, placed } = await placeOrder('tpl-mail-retry', 'KD-MAIL-2');
    const subject = `Subject: Your order ${placed.body.orderNumber}`;
    const sentToBuyer = () => received.filter((mail) => mail.data.includes(subject));

    const errors: unknown[] = [];
    const unreachable = mailDelivery(errors, `smtp://127.0.0.1:${await closedPort()}`);
    await unreachable.deliver();
    expect(errors).toHaveLength(1);
    const [failed] = await mailOfQuote(crm.database.db, quoteId);
    expect(failed?.sentAt).toBeNull();
    expect(failed?.failedAttempts).toBe(1);
    expect(failed?.lastError).toMatch(/ECONNREFUSED|connect/);
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

    const delivery = mailDelivery(errors);
    await delivery.deliver();
    expect(sentToBuyer()).toHaveLength(0);

    await crm.database.db
      .update(crmOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(crmOutbox.quoteId, quoteId));
    await delivery.deliver();
    expect(sentToBuyer()).toHaveLength(1);
    const [sent] = await mailOfQuote(crm.database.db, quoteId);
    expect(sent?.sentAt).toBeInstanceOf(Date);
    expect(errors).toHaveLength(1);
  });

  it("sends an order confirmation from its storefront's sender and reply-to, as text and escaped HTML", async () => {
    const storefront = {
      name: 'Kestrel <script>alert(1)</script> & Co',
      mailFrom: 'Kestrel Orders <orders@kestrel-bio.example>',
      mailReplyTo: 'care@kestrel-bio.example',
    };
    await withStorefront(crm.ids.storefrontB, storefront, async () => {
      const { placed } = await placeOrder('tpl-mail-sender', 'KD-MAIL-3');
      const errors: unknown[] = [];
      await mailDelivery(errors).deliver();
      expect(errors).toEqual([]);
      const mail = received.find((one) =>
        one.data.includes(`Subject: Your order ${placed.body.orderNumber}`),
      );
      const data = mail?.data ?? '';
      expect(headersOf(data)).toMatchObject({
        from: 'Kestrel Orders <orders@kestrel-bio.example>',
        'reply-to': 'care@kestrel-bio.example',
      });
      // The PDF beside the two renderings of one message.
      expect(headersOf(data)['content-type']).toMatch(/^multipart\/mixed;/);
      expect(data).toMatch(/Content-Type: multipart\/alternative;/);
      const text = partOfType(data, 'text/plain');
      expect(text).toContain(`Thank you for your order ${placed.body.orderNumber}`);
      const html = partOfType(data, 'text/html') ?? '';
      expect(html).toContain(`Thank you for your order ${placed.body.orderNumber}`);
      expect(html).toContain('Kestrel &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co</h1>');
      expect(html).not.toContain('<script');
      expect(html).toMatch(/^<!doctype html>\r?\n<html lang="en">/);
    });
  });

  /** A paid invoice of Marlowe (storefront A) whose receipt is queued for a new contact; answers their address. */
  async function payInvoice(): Promise<string> {
    const contact = {
      id: `003${randomBytes(6).toString('hex')}`,
      email: `ap-${randomUUID()}@marlowe.example`,
    };
    await crm.database.db
      .insert(contacts)
      .values({ ...contact, accountId: crm.ids.marlowe, firstName: 'Ada', lastName: 'Okafor' });
    const invoiceId = await billTestInvoice(crm, crm.ids.marlowe, 120);
    const request = await crm.post('startInvoicePayment', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.marlowe,
      invoices: [{ invoiceId, amount: 120 }],
      returnUrl: 'http://localhost:3000/billing/payment',
      contactId: contact.id,
    });
    const paid = await crm.post('paymentRequestHandler', providerResult(request.body.fields));
    expect(paid.body.status).toBe('Succeeded');
    return contact.email;
  }

  it("sends a payment receipt from the paying account's storefront's sender, as text and HTML", async () => {
    const storefront = { mailFrom: 'accounts@bionova-ls.example', mailReplyTo: null };
    await withStorefront(crm.ids.storefrontA, storefront, async () => {
      const recipient = await payInvoice();
      const errors: unknown[] = [];
      await mailDelivery(errors).deliver();
      expect(errors).toEqual([]);
      const data = received.find((mail) => mail.to.includes(recipient))?.data ?? '';
      expect(headersOf(data).from).toBe('accounts@bionova-ls.example');
      expect(headersOf(data)['reply-to']).toBeUndefined();
      expect(headersOf(data)['content-type']).toMatch(/^multipart\/alternative;/);
      expect(partOfType(data, 'text/plain')).toContain('paid with Visa ending 4242');
      expect(partOfType(data, 'text/html')).toContain('paid with Visa ending 4242');
    });
  });

  it("reports a storefront sender that is not an address and sends from the process's sender", async () => {
    await withStorefront(
      crm.ids.storefrontA,
      { mailFrom: 'Orders <not an address>', mailReplyTo: null },
      async () => {
        const recipient = await payInvoice();
        const errors: unknown[] = [];
        await mailDelivery(errors).deliver();
        expect(String(errors[0])).toContain('storefront mailFrom "Orders <not an address>" is not a mailbox');
        const data = received.find((mail) => mail.to.includes(recipient))?.data ?? '';
        expect(headersOf(data).from).toBe(DEFAULT_FROM);
      },
    );
  });
});

/** A local port nothing listens on: the mail server is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}
