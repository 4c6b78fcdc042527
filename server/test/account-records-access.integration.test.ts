import { ensureDemoInvoices, ensureDemoServiceRequests } from '@storefront/crm';
import { openSeededCrm, type SeededCrm, testEngines } from '@storefront/crm/testing';
import { createCognitoTokenVerifier } from '@storefront/gateway';
import { migrateIdentity } from '@storefront/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type StorefrontLoadContext,
  storefrontLoadContext,
} from '../../apps/storefront/app/lib/load-context';
import {
  ensurePortalUser,
  ISSUER_BASE,
  identityService,
  signIn,
} from '../../packages/gateway/test/user-pools';
import { routeContext } from './route-context';

/**
 * The route modules, loaded as React Router loads them; imported by URL so this package's type check does not
 * take in the web app's generated route types.
 */
type Handler = (args: unknown) => Promise<unknown>;
const load = async (path: string) =>
  (await import(new URL(`../../apps/storefront/app/${path}`, import.meta.url).href)) as {
    loader: Handler;
    action: Handler;
  };
const attachmentDownload = await load('features/requests/attachment-download.ts');
const invoicePdf = await load('features/invoices/invoice-pdf.ts');
const viewInvoice = await load('routes/billing/view-invoice.tsx');
const requestDetail = await load('routes/billing/request-detail.tsx');
const caseDetail = await load('routes/billing/case-detail.tsx');
const paymentMethods = await load('routes/billing/payment-methods.tsx');

const BUYERS = {
  halvorsen: { username: 'buyer@halvorsen.example', contactId: '003ANA000000000AAA' },
  marlowe: { username: 'buyer@marlowe.example', contactId: '003MIA000000000AAA' },
} as const;
type Buyer = keyof typeof BUYERS;

/** What a route answered, as React Router sends it: a Response, data() with its status, or plain data (200). */
function statusOf(answer: unknown): number {
  if (answer instanceof Response) return answer.status;
  if (answer && typeof answer === 'object' && 'init' in answer && 'data' in answer) {
    const init = (answer as { init: ResponseInit | null }).init;
    return init?.status ?? 200;
  }
  return 200;
}

/** The page's words of a refusal, whichever way the route answered it. */
async function textOf(answer: unknown): Promise<string> {
  if (answer instanceof Response) return answer.text();
  return JSON.stringify(answer && typeof answer === 'object' && 'data' in answer ? answer.data : answer);
}

/**
 * The account pages that serve one record at its storefront URL, as the composed server runs them: the route
 * modules, the in-process gateway verifying real user-pool tokens from the browser's cookies, and the seeded
 * CRM. Halvorsen's buyer reaches Halvorsen's records; Marlowe's buyer, on the same storefront, is refused each.
 */
describe.each(await testEngines())("another account's records at their page URLs on $name", (engine) => {
  let crm: SeededCrm;
  let context: StorefrontLoadContext;
  const cookies = {} as Record<Buyer, string>;
  const records = { invoiceId: '', requestId: '', caseId: '', attachmentId: '', paymentMethodId: '' };

  /** A route's answer to a page request; a refusal thrown as React Router takes it is answered the same. */
  async function visit(
    buyer: Buyer,
    route: { loader: Handler; action: Handler },
    path: string,
    options: { params?: Record<string, string>; form?: Record<string, string> } = {},
  ): Promise<unknown> {
    const request = new Request(`http://localhost${path}`, {
      headers: { cookie: cookies[buyer] },
      ...(options.form ? { method: 'POST', body: new URLSearchParams(options.form) } : {}),
    });
    const args = {
      request,
      url: new URL(request.url),
      params: options.params ?? {},
      context: storefrontLoadContext(context),
    };
    try {
      return await (options.form ? route.action(args) : route.loader(args));
    } catch (thrown) {
      return thrown;
    }
  }

  /** Every record page of Halvorsen's, as the buyer would open it (or act on it). */
  const pages = (buyer: Buyer) =>
    [
      ['invoice page', () => visit(buyer, viewInvoice, `/viewInvoice?invoiceId=${records.invoiceId}`)],
      ['invoice PDF', () => visit(buyer, invoicePdf, `/viewInvoice/pdf?invoiceId=${records.invoiceId}`)],
      [
        'request page',
        () =>
          visit(buyer, requestDetail, `/billing/requests/request-${records.requestId}`, {
            params: { requestSlug: `request-${records.requestId}` },
          }),
      ],
      [
        'request comment',
        () =>
          visit(buyer, requestDetail, `/billing/requests/request-${records.requestId}`, {
            params: { requestSlug: `request-${records.requestId}` },
            form: { body: 'Is this ours?' },
          }),
      ],
      [
        'case page',
        () =>
          visit(buyer, caseDetail, `/billing/cases/${records.caseId}`, {
            params: { caseId: records.caseId },
          }),
      ],
      [
        'attachment',
        () =>
          visit(buyer, attachmentDownload, `/api/attachments/${records.attachmentId}`, {
            params: { attachmentId: records.attachmentId },
          }),
      ],
      [
        'make a card default',
        () =>
          visit(buyer, paymentMethods, '/billing/paymentmethods', {
            form: { intent: 'default', paymentMethodId: records.paymentMethodId },
          }),
      ],
    ] as const;

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const database = crm.database.database;
    await migrateIdentity(database);
    const identity = identityService(database, () => new Date());
    context = routeContext(crm, {
      verifyToken: createCognitoTokenVerifier({ issuerBase: ISSUER_BASE, fetch: identity }),
    });
    const storefront = await context.resolveDomain('localhost');
    if (!storefront) throw new Error('The demo has no storefront at localhost.');
    for (const buyer of Object.keys(BUYERS) as Buyer[]) {
      const { username, contactId } = BUYERS[buyer];
      await ensurePortalUser(database, storefront, username, {
        'custom:salesforceAccountId': crm.ids[buyer],
        'custom:salesforceContactId': contactId,
      });
      const tokens = await signIn(identity, storefront.clientId, username);
      // The cookies the identity library keeps in the browser, names and values percent-encoded.
      const prefix = `CognitoIdentityServiceProvider.${storefront.clientId}`;
      const user = encodeURIComponent(username);
      cookies[buyer] = [
        `${prefix}.LastAuthUser=${user}`,
        `${prefix}.${user}.accessToken=${tokens.AccessToken}`,
        `${prefix}.${user}.idToken=${tokens.IdToken}`,
      ].join('; ');
    }

    // Halvorsen's records: an invoice, a request with a file, a case and a saved card.
    const halvorsen = {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
      contactId: BUYERS.halvorsen.contactId,
    };
    await ensureDemoInvoices(crm.database.db, [crm.ids.halvorsen], '2025-06-15');
    await ensureDemoServiceRequests(crm.database.db, [
      { accountId: crm.ids.halvorsen, contactId: halvorsen.contactId },
    ]);
    const invoices = await crm.get('getInvoices', {
      storefrontId: halvorsen.storefrontId,
      accountId: halvorsen.accountId,
    });
    const request = await crm.post('createServiceRequest', {
      ...halvorsen,
      subject: 'Freezer alarm log',
      priority: 'Medium',
      authorName: BUYERS.halvorsen.username,
      fields: { category: 'Returns', description: 'The log is attached.' },
    });
    const file = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n', 'latin1');
    const attached = await crm.post('attachRequestFile', {
      ...halvorsen,
      requestId: request.body.id,
      fileName: 'alarm-log.pdf',
      fileContent: file.toString('base64'),
      fileSize: file.length,
    });
    const cases = await crm.post('listSupportCases', halvorsen);
    const cards = await crm.post('getPaymentMethods', halvorsen);
    Object.assign(records, {
      invoiceId: invoices.body.invoices[0]?.id,
      requestId: request.body.id,
      caseId: cases.body[0]?.id,
      attachmentId: attached.body.attachment?.id,
      paymentMethodId: cards.body.methods.find((card) => !card.isDefault)?.id,
    });
    for (const [name, id] of Object.entries(records)) expect(id, name).toBeTruthy();
  });
  afterAll(() => crm.close());

  it("refuses each to another account's buyer with 403, and shows none of it", async () => {
    for (const [name, open] of pages('marlowe')) {
      const answer = await open();
      expect(statusOf(answer), name).toBe(403);
      const text = await textOf(answer);
      expect(text, name).not.toContain('%PDF');
      expect(text, name).not.toContain('Freezer alarm log');
    }
    // Nothing changed for Halvorsen: the card asked to become default is not.
    const cards = await crm.post('getPaymentMethods', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
      contactId: BUYERS.halvorsen.contactId,
    });
    expect(cards.body.methods.find((card) => card.id === records.paymentMethodId)?.isDefault).toBe(false);
  });

  // After the refusals: the buyer's own "make default" changes the card the refusals left as it was.
  it("serves each to its own account's buyer", async () => {
    for (const [name, open] of pages('halvorsen')) expect(statusOf(await open()), name).toBe(200);
  });
});
