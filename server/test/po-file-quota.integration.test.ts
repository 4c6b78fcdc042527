import type { UploadProgress } from '@storefront/contracts';
import { openSeededCrm, type SeededCrm, testEngines } from '@storefront/crm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type StorefrontLoadContext,
  storefrontLoadContext,
} from '../../apps/storefront/app/lib/load-context';
import { routeContext } from './route-context';

/**
 * The checkout's actions, loaded as React Router loads them; imported by URL so this package's type check does
 * not take in the web app's generated route types.
 */
const ROUTE = new URL('../../apps/storefront/app/features/checkout/checkout-api.ts', import.meta.url).href;
const { action } = (await import(ROUTE)) as { action: (args: unknown) => Promise<unknown> };

/** What React Router's data() hands back: the payload and its status. */
interface DataResult {
  data: { ok: boolean; message?: string; upload?: UploadProgress };
  init: { status?: number } | null;
}

const SECRET = 'q'.repeat(43);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n', 'latin1');

/**
 * A guest sending PO files at the checkout as the composed server runs it: the checkout's upload action, the
 * in-process gateway and the seeded CRM, the guest identified by the cart cookie.
 */
describe.each(await testEngines())(
  "the checkout's PO file upload past what a cart holds on $name",
  (engine) => {
    let crm: SeededCrm;
    let context: StorefrontLoadContext;
    let quoteId: string;

    const uploadChunk = async (fields: Record<string, string>) => {
      const request = new Request('http://localhost/api/checkout', {
        method: 'POST',
        headers: { cookie: `sf_guest_cart=${SECRET}` },
        body: new URLSearchParams({
          intent: 'uploadChunk',
          quoteId,
          uploadId: '',
          chunkIndex: '0',
          ...fields,
        }),
      });
      return (await action({
        request,
        url: new URL(request.url),
        params: {},
        context: storefrontLoadContext(context),
      })) as DataResult;
    };
    /** The first of 1,024-character chunks of a 10 MB PDF: an upload the cart then holds until it lapses. */
    const startLarge = () => {
      const size = 10 * 1024 * 1024;
      const head = Buffer.concat([pdf, Buffer.alloc(768 - pdf.length, 0x20)]).toString('base64');
      return uploadChunk({
        fileName: 'scan.pdf',
        fileSize: String(size),
        chunkCount: String(Math.ceil((Math.ceil(size / 3) * 4) / 1024)),
        fileContent: head,
      });
    };

    beforeAll(async () => {
      crm = await openSeededCrm(engine);
      context = routeContext(crm);
      const guest = { storefrontId: crm.ids.storefrontA, accountId: crm.ids.guest, guestCartSecret: SECRET };
      quoteId = (await crm.post('startNewCart', guest)).body.quote.id;
    });
    afterAll(() => crm.close());

    it('tells the buyer what the cart holds, and keeps its PO file', async () => {
      const stored = await uploadChunk({
        fileName: 'po.pdf',
        fileSize: String(pdf.length),
        chunkCount: '1',
        fileContent: pdf.toString('base64'),
      });
      expect(stored.data.upload).toMatchObject({ status: 'Uploaded', fileName: 'po.pdf' });
      expect((await startLarge()).data.upload?.status).toBe('Uploading');
      expect((await startLarge()).data.upload?.status).toBe('Uploading');

      const refused = await startLarge();
      expect(refused.data).toMatchObject({
        ok: false,
        message:
          'This cart holds 20.0 MB of PO files and unfinished uploads, and 10.0 MB more would pass the 30.0 MB it may hold at once; an unfinished upload lapses 60 minutes after it started.',
      });
      const guest = { storefrontId: crm.ids.storefrontA, accountId: crm.ids.guest, guestCartSecret: SECRET };
      const files = await crm.post('getFile', {
        ...guest,
        fileRelatedTo: 'QPO',
        parentId: quoteId,
      });
      expect(files.body.map((file) => file.fileName)).toEqual(['po.pdf']);
    });
  },
);
