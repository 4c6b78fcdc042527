import { randomBytes } from 'node:crypto';
import {
  type CrmType,
  crmEndpoint,
  type Envelope,
  type PoFile,
  type QuoteSummary,
} from '@storefront/contracts';
import { openSeededCrm, type SeededCrm, TEST_SERVICE_TOKEN, testEngines } from '@storefront/crm/testing';
import { memorySharedState, type SharedState } from '@storefront/shared-state';
import { testStateStores } from '@storefront/shared-state/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../src/index';
import { PO_FILE_BUDGETS } from '../src/po-file-quota';
import { API_KEY, askGateway } from './user-pools';

const CALL = 'query Call($data: AWSJSON) { salesforceActions(action: "makeCall", data: $data) }';
const OFFICE = '198.51.100.23';
const ELSEWHERE = '203.0.113.77';
const MB = 1024 * 1024;
const LARGE = 10 * MB;

/** The first chunk of a PDF of `size` bytes, as the storefront's uploader sends it (chunks of 1,024 characters). */
function firstChunk(size: number) {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n', 'latin1');
  const text = Buffer.concat([head, Buffer.alloc(1024 - head.length, 0x20)]).toString('base64');
  return { fileContent: text.slice(0, 1024), fileSize: size, chunkCount: Math.ceil((size * 4) / 3 / 1024) };
}
const smallPdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n', 'latin1');

// The budgets are the gateway's; one database engine is enough to answer behind them.
const [engine] = await testEngines();
if (!engine) throw new Error('no database engine to test on');
const stores = await testStateStores();

describe("PO files past a client's budget, through the gateway", () => {
  let crm: SeededCrm;

  function gatewayOn(sharedState: SharedState): Gateway {
    return createGateway({
      apiKey: API_KEY,
      cacheTtlMs: 0,
      sharedState,
      crm: {
        baseUrl: 'http://crm.test',
        token: TEST_SERVICE_TOKEN,
        fetch: (request) => crm.app.fetch(request),
      },
    });
  }

  /** A guest (a cart secret of their own) at an address. */
  const guest = (clientAddress = OFFICE) => ({
    guestCart: randomBytes(32).toString('base64url'),
    clientAddress,
  });
  type Guest = ReturnType<typeof guest>;

  function call<T>(gateway: Gateway, who: Guest, type: CrmType, payload: object): Promise<Envelope<T>> {
    const data = { callType: 'POST', endpoint: crmEndpoint(type), payload: JSON.stringify(payload) };
    return askGateway<T>(gateway, 'salesforceActions', CALL, {
      ...who,
      variables: { data: JSON.stringify(data) },
    });
  }
  const newCart = async (gateway: Gateway, who: Guest) =>
    (await call<{ quote: QuoteSummary }>(gateway, who, 'startNewCart', {})).content.quote.id;
  const file = { fileRelatedTo: 'QPO', fileName: 'po.pdf', filePublicLinkRequired: false };
  const startUpload = (gateway: Gateway, who: Guest, quoteId: string, size = LARGE) =>
    call(gateway, who, 'uploadFile', { ...file, parentId: quoteId, ...firstChunk(size) });

  /**
   * Starts uploads of 10 MB, two to a cart (a cart holds 30 MB at once), until one is refused: the refusal and
   * how many were taken before it.
   */
  async function startUntilRefused(gateway: Gateway, who: () => Guest) {
    for (let taken = 0; taken < 100; taken += 2) {
      const caller = who();
      const quoteId = await newCart(gateway, caller);
      for (const offset of [0, 1]) {
        const answer = await startUpload(gateway, caller, quoteId);
        if (answer.statusCode !== 200) return { refused: answer, taken: taken + offset };
      }
    }
    throw new Error('no upload was refused');
  }

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.close());

  it("refuses a guest's upload past their budget and then their network's, saying which and how long to wait", async () => {
    const gateway = gatewayOn(memorySharedState());
    const ana = guest();
    const firstCart = await newCart(gateway, ana);
    const stored = await call<PoFile>(gateway, ana, 'uploadFile', {
      ...file,
      parentId: firstCart,
      fileContent: smallPdf.toString('base64'),
      fileSize: smallPdf.length,
    });
    expect(stored.statusCode).toBe(200);

    const perClient = PO_FILE_BUDGETS.perClient.bytes[0]?.limit ?? 0;
    const byAna = await startUntilRefused(gateway, () => ana);
    expect(byAna.taken).toBe(Math.floor((perClient - smallPdf.length) / LARGE));
    expect(byAna.refused.statusCode).toBe(429);
    expect(byAna.refused.content).toMatch(
      /^Too many PO files uploaded: at most 100 MB an hour; try again in \d+ minutes\.$/,
    );
    // Her PO file is where it was.
    const files = await call<PoFile[]>(gateway, ana, 'getFile', { ...file, parentId: firstCart });
    expect(files.content.map((kept) => [kept.fileName, kept.cvId])).toEqual([
      ['po.pdf', stored.content.cvId],
    ]);

    // New cart secrets from the same address share its budget; what Ana was refused did not spend it.
    const perAddress = PO_FILE_BUDGETS.perAddress.bytes[0]?.limit ?? 0;
    const spent = smallPdf.length + byAna.taken * LARGE;
    const byOthers = await startUntilRefused(gateway, () => guest());
    expect(byOthers.taken).toBe(Math.floor((perAddress - spent) / LARGE));
    expect(byOthers.refused.content).toMatch(
      /^Too many PO files uploaded from your network: at most 300 MB an hour; try again in \d+ minutes\.$/,
    );

    const elsewhere = guest(ELSEWHERE);
    expect((await startUpload(gateway, elsewhere, await newCart(gateway, elsewhere))).statusCode).toBe(200);
  });

  describe.each(stores)('on the shared state in $name', (store) => {
    it('spends one budget across two instances', async () => {
      const { first, second, close } = await store.open();
      try {
        const instances = [gatewayOn(first), gatewayOn(second)];
        const bea = guest(ELSEWHERE);
        let turn = 0;
        const next = () => instances[turn++ % 2] as Gateway;
        const perClient = PO_FILE_BUDGETS.perClient.bytes[0]?.limit ?? 0;
        for (let taken = 0; taken < perClient / LARGE; taken += 2) {
          const quoteId = await newCart(next(), bea);
          expect((await startUpload(next(), bea, quoteId)).statusCode).toBe(200);
          expect((await startUpload(next(), bea, quoteId)).statusCode).toBe(200);
        }
        const quoteId = await newCart(next(), bea);
        for (const gateway of instances) {
          expect((await startUpload(gateway, bea, quoteId, 1024)).statusCode).toBe(429);
        }
      } finally {
        await close();
      }
    });
  });
});
