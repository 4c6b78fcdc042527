import type { PoFile, QuoteSummary } from '@storefront/contracts';
import { openSeededCrm, type SeededCrm, testEngines } from '@storefront/crm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type StorefrontLoadContext,
  storefrontLoadContext,
} from '../../apps/storefront/app/lib/load-context';
import { routeContext } from './route-context';

/**
 * The route module, loaded as React Router loads it; imported by URL so this package's type check does not
 * take in the web app's generated route types.
 */
const ROUTE = new URL('../../apps/storefront/app/features/checkout/po-file-download.ts', import.meta.url)
  .href;
type Loader = (args: unknown) => Promise<Response>;
const { loader } = (await import(ROUTE)) as { loader: Loader };

const secretOf = (letter: string) => letter.repeat(43);

/**
 * The download route as the composed server runs it: the route's loader, the in-process gateway and the
 * seeded CRM, a guest of the public demo storefront identified by the cart cookie.
 */
describe.each(await testEngines())('the PO file download route on $name', (engine) => {
  let crm: SeededCrm;
  let context: StorefrontLoadContext;
  let stored: PoFile;
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

  function download(cvId: string, guestSecret?: string) {
    const request = new Request(`http://localhost/api/files/${cvId}`, {
      headers: guestSecret ? { cookie: `sf_guest_cart=${guestSecret}` } : {},
    });
    const args = {
      request,
      url: new URL(request.url),
      params: { cvId },
      context: storefrontLoadContext(context),
    };
    return loader(args);
  }

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    context = routeContext(crm);
    const guest = {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.guest,
      guestCartSecret: secretOf('g'),
    };
    const cart = await crm.postAs<{ quote: QuoteSummary }>('startNewCart', guest);
    const upload = await crm.postAs<PoFile>('uploadFile', {
      ...guest,
      fileRelatedTo: 'QPO',
      parentId: cart.body.quote.id,
      fileName: 'Bestellschein Müller.svg',
      fileContent: svg.toString('base64'),
      fileSize: svg.length,
    });
    stored = upload.body;
  });
  afterAll(() => crm.close());

  it('serves the file to the guest holding the cart, as an attachment that is never sniffed or run', async () => {
    const response = await download(stored.cvId, secretOf('g'));
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'image/svg+xml',
      'content-disposition':
        'attachment; filename="Bestellschein Muller.svg"; filename*=UTF-8\'\'Bestellschein%20M%C3%BCller.svg',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(Buffer.from(await response.arrayBuffer()).equals(svg)).toBe(true);
  });

  it('shows a PDF in the browser, as C§5 shows its kind, with no script of its own', async () => {
    const guest = {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.guest,
      guestCartSecret: secretOf('p'),
    };
    const cart = await crm.postAs<{ quote: QuoteSummary }>('startNewCart', guest);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n', 'latin1');
    const upload = await crm.postAs<PoFile>('uploadFile', {
      ...guest,
      fileRelatedTo: 'QPO',
      parentId: cart.body.quote.id,
      fileName: 'PO 1001.pdf',
      fileContent: pdf.toString('base64'),
      fileSize: pdf.length,
    });
    const response = await download(upload.body.cvId, secretOf('p'));
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'inline; filename="PO 1001.pdf"',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy':
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    });
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('refuses another guest, and a guest without a cart', async () => {
    expect((await download(stored.cvId, secretOf('h'))).status).toBe(403);
    expect((await download(stored.cvId)).status).toBe(403);
    expect((await download('no-such-file', secretOf('g'))).status).toBe(404);
  });
});
