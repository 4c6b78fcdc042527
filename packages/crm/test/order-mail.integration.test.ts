import { createServer, type Server } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmOutbox, quotes, templates } from '../src/db/schema';
import { createMailDelivery } from '../src/orders/outbox';
import { mailOfQuote } from '../src/orders/queries/orders';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

/** A mail server as small as SMTP allows (RFC 5321): it takes every message and keeps its envelope and data. */
function smtpServer(): { server: Server; received: { to: string[]; data: string }[] } {
  const received: { to: string[]; data: string }[] = [];
  const server = createServer((socket) => {
    let to: string[] = [];
    let data: string | null = null;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      while (buffer.length > 0) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push({ to, data: data + buffer.slice(0, end) });
          buffer = buffer.slice(end + 5);
          data = null;
          to = [];
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'RCPT') {
          to.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, '$1'));
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          data = '';
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, received };
}

describe.each(await testEngines())('the order confirmation mail on $name', (engine) => {
  let crm: SeededCrm;
  const smtp = smtpServer();
  let smtpUrl = '';

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('no SMTP port');
    smtpUrl = `smtp://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await crm.close();
    await new Promise((resolve) => smtp.server.close(resolve));
  });

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
    const delivery = createMailDelivery({
      db: crm.database.db,
      smtpUrl,
      logError: (error) => errors.push(error),
    });
    await delivery.deliver();
    await delivery.deliver();
    expect(errors).toEqual([]);
    const mine = smtp.received.filter((mail) => mail.to.includes('ap@kestrel.example'));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.data).toContain(`Subject: Your order ${placed.body.orderNumber}`);
    expect(mine[0]?.data).toContain(`filename=${placed.body.pdf.fileName}`);
    const [mail] = await mailOfQuote(crm.database.db, quoteId);
    expect(mail?.sentAt).toBeInstanceOf(Date);
  });

  it('keeps a mail the mail server refused, and sends it on a later run once its wait is over', async () => {
    const { quoteId, placed } = await placeOrder('tpl-mail-retry', 'KD-MAIL-2');
    const subject = `Subject: Your order ${placed.body.orderNumber}`;
    const sentToBuyer = () => smtp.received.filter((mail) => mail.data.includes(subject));

    const errors: unknown[] = [];
    const unreachable = createMailDelivery({
      db: crm.database.db,
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      logError: (error) => errors.push(error),
    });
    await unreachable.deliver();
    expect(errors).toHaveLength(1);
    const [failed] = await mailOfQuote(crm.database.db, quoteId);
    expect(failed?.sentAt).toBeNull();
    expect(failed?.failedAttempts).toBe(1);
    expect(failed?.lastError).toMatch(/ECONNREFUSED|connect/);
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

    const delivery = createMailDelivery({
      db: crm.database.db,
      smtpUrl,
      logError: (error) => errors.push(error),
    });
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
