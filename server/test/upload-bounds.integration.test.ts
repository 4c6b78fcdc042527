import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  farCellWorkbook,
  inflatingWorkbook,
  manyPartsArchive,
  workbook,
  XLSX_TYPE,
} from '../../apps/storefront/app/testing/workbooks';
import { type ComposedServer, startComposedServer } from './composed-server';

/** Imported by URL, as the route tests do: this package's type check does not take in the web app. */
const { WORKBOOK_MESSAGES } = (await import(
  new URL('../../apps/storefront/app/features/quick-order/workbook.server.ts', import.meta.url).href
)) as { WORKBOOK_MESSAGES: Record<'too-large' | 'too-many-entries' | 'grid', string> };

const BUYER = { username: 'buyer@halvorsen.example', password: 'Demo-Buyer-2026!' };

/**
 * Workbooks uploaded to the composed server at its real URL, through all of its middleware, as a signed-in
 * buyer's browser posts them: the worst small files are refused while every other request goes on.
 */
describe('uploaded workbooks at the composed server', () => {
  let server: ComposedServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startComposedServer();
    cookie = await server.signIn(BUYER.username, BUYER.password);
  }, 120_000);
  afterAll(() => server?.close());

  function upload(path: string, bytes: Buffer, fields: Record<string, string>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('file', new File([new Uint8Array(bytes)], 'order.xlsx', { type: XLSX_TYPE }));
    return fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: server.formHeaders(cookie),
      body: form,
    });
  }
  const quickOrder = (bytes: Buffer) =>
    upload('/uploadoptions.data', bytes, { intent: 'check', progressive: '0' });

  it('keeps answering /health while the worst workbooks are refused, each with what to do', async () => {
    const worst: [Buffer, string][] = [
      [inflatingWorkbook(), WORKBOOK_MESSAGES['too-large']],
      [manyPartsArchive(), WORKBOOK_MESSAGES['too-many-entries']],
      [farCellWorkbook(), WORKBOOK_MESSAGES.grid],
    ];
    // Once first, so what is measured is the refusal and not the first load of the code that gives it.
    for (const [bytes] of worst) await (await quickOrder(bytes)).text();
    const { answers, healthMs } = await fromAnotherClient(worst.map(([bytes]) => bytes));
    answers.forEach(({ status, page }, index) => {
      expect(status).toBe(400);
      expect(page).toContain(worst[index]?.[1]);
    });
    expect(healthMs.length).toBeGreaterThanOrEqual(10);
    // A blocked event loop held every request for 100 s; a second allows for a machine busy with other suites.
    expect(Math.max(...healthMs)).toBeLessThan(1000);
  });

  /**
   * The uploads one after the other, and /health asked again and again until they are answered, from a client
   * on a thread of its own: the time measured is the server's alone, not this thread's own requests' as well.
   */
  function fromAnotherClient(files: Buffer[]): Promise<{
    answers: { status: number; page: string }[];
    healthMs: number[];
  }> {
    const client = new Worker(
      `
      const { parentPort, workerData: { baseUrl, headers, files, type } } = require('node:worker_threads');
      const upload = async (bytes) => {
        const form = new FormData();
        form.set('intent', 'check');
        form.set('progressive', '0');
        form.set('file', new File([bytes], 'order.xlsx', { type }));
        const answer = await fetch(baseUrl + '/uploadoptions.data', { method: 'POST', headers, body: form });
        return { status: answer.status, page: await answer.text() };
      };
      (async () => {
        // The client's own first request loads its HTTP client: not measured.
        await (await fetch(baseUrl + '/health')).text();
        let answered = false;
        const uploads = (async () => {
          const answers = [];
          for (const bytes of files) answers.push(await upload(bytes));
          answered = true;
          return answers;
        })();
        const healthMs = [];
        while (!answered || healthMs.length < 10) {
          const started = performance.now();
          const health = await fetch(baseUrl + '/health');
          await health.text();
          healthMs.push(health.status === 200 ? performance.now() - started : Infinity);
        }
        parentPort.postMessage({ answers: await uploads, healthMs });
      })();
      `,
      {
        eval: true,
        workerData: {
          baseUrl: server.baseUrl,
          headers: server.formHeaders(cookie),
          files: files.map((bytes) => new Uint8Array(bytes)),
          type: XLSX_TYPE,
        },
      },
    );
    return new Promise((resolve, reject) => {
      client.once('message', resolve);
      client.once('error', reject);
    }).finally(() => client.terminate()) as ReturnType<typeof fromAnotherClient>;
  }

  it('reads a good workbook in its worker and checks its rows', async () => {
    const answer = await quickOrder(
      workbook([
        ['SKU', 'Qty'],
        ['NO-SUCH-SKU-1', 3],
      ]),
    );
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('NO-SUCH-SKU-1');
  });

  it("refuses the same workbook as CPQ's file of option SKUs", async () => {
    const choose = await fetch(`${server.baseUrl}/cpq`, { headers: { cookie } });
    const itemId = /[?&]itemId=([^"&]+)/.exec(await choose.text())?.[1];
    expect(itemId).toBeDefined();
    const answer = await upload(`/cpq?itemId=${itemId}`, inflatingWorkbook(), {
      intent: 'upload',
      itemId: decodeURIComponent(itemId ?? ''),
      qty: '1',
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain(WORKBOOK_MESSAGES['too-large']);
  });
});
