import { once } from 'node:events';
import { type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGunzip, createInflate, gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAnswers } from '../src/compress-answers';

/** A page's shell goes out first; the rest waits for `release`, as a page's deferred data waits for its reads. */
let release: () => void = () => {};
const app = new Hono();
app.use(compressAnswers());
app.get('/page', (c) => {
  const waiting = new Promise<void>((resolve) => {
    release = resolve;
  });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(`<!DOCTYPE html><html><body><h1>Shell</h1>${' '.repeat(200)}`));
      await waiting;
      controller.enqueue(encoder.encode('<p>Deferred</p></body></html>'));
      controller.close();
    },
  });
  return c.body(body, 200, { 'Content-Type': 'text/html; charset=utf-8' });
});
/** A page that never ends on its own: it tells when it is cancelled, as a visitor who leaves cancels it. */
let cancelled: () => void = () => {};
app.get('/endless', (c) => {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`<!DOCTYPE html><html><body><h1>Shell</h1>${' '.repeat(200)}`));
    },
    cancel() {
      cancelled();
    },
  });
  return c.body(body, 200, { 'Content-Type': 'text/html; charset=utf-8' });
});
const LIST = JSON.stringify({
  items: Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Item ${index}` })),
});
app.get('/list', (c) =>
  c.body(LIST, 200, { 'Content-Type': 'application/json', 'Content-Length': String(LIST.length) }),
);
app.get('/small', (c) =>
  c.body('{"status":"ok"}', 200, { 'Content-Type': 'application/json', 'Content-Length': '15' }),
);
app.get('/no-transform', (c) =>
  c.body(LIST, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-transform' }),
);

let origin = '';
let server: ReturnType<typeof serve>;
beforeAll(async () => {
  server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, acceptEncoding?: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    request(`${origin}${path}`, { headers }, resolve).on('error', reject).end();
  });
}

async function bodyOf(response: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('compressAnswers', () => {
  it('sends a streamed page compressed chunk by chunk: the shell reaches the browser before the rest is written', async () => {
    const response = await get('/page', 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('Accept-Encoding');
    const text = response.pipe(createGunzip());
    let decoded = '';
    const shell = new Promise<void>((resolve) => {
      text.on('data', (chunk: Buffer) => {
        decoded += chunk.toString();
        if (decoded.includes('<h1>Shell</h1>')) resolve();
      });
    });
    const tooLate = new Promise<string>((resolve) => setTimeout(() => resolve('too late'), 3_000));
    // Held back until the shell arrived: without a flush per chunk it never would, and this would time out.
    expect(await Promise.race([shell.then(() => 'shell first'), tooLate])).toBe('shell first');
    expect(decoded).not.toContain('Deferred');
    release();
    await once(text, 'end');
    expect(decoded).toMatch(/<h1>Shell<\/h1> +<p>Deferred<\/p><\/body><\/html>$/);
  });

  it('cancels the page when the visitor leaves before it is done', async () => {
    const cancel = new Promise<void>((resolve) => {
      cancelled = resolve;
    });
    const response = await get('/endless', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    await once(response, 'data');
    response.destroy();
    const tooLate = new Promise<string>((resolve) => setTimeout(() => resolve('not cancelled'), 3_000));
    expect(await Promise.race([cancel.then(() => 'cancelled'), tooLate])).toBe('cancelled');
  });

  it('compresses an answer of known length in one piece, with the encoding the browser prefers', async () => {
    const gzipped = await get('/list', 'gzip, deflate');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-length']).toBeUndefined();
    const body = await bodyOf(gzipped);
    expect(body.length).toBeLessThan(LIST.length / 3);
    expect(gunzipSync(body).toString()).toBe(LIST);

    const deflated = await get('/list', 'gzip;q=0.5, deflate');
    expect(deflated.headers['content-encoding']).toBe('deflate');
    const inflated = deflated.pipe(createInflate());
    expect((await bodyOf(inflated as unknown as IncomingMessage)).toString()).toBe(LIST);
  });

  it('leaves alone what a browser cannot or need not take compressed', async () => {
    for (const [path, acceptEncoding] of [
      ['/list', undefined],
      ['/list', 'br'],
      ['/list', 'gzip;q=0, deflate;q=0'],
      ['/small', 'gzip'],
      ['/no-transform', 'gzip'],
    ] as const) {
      const response = await get(path, acceptEncoding);
      expect(response.headers['content-encoding'], `${path} ${acceptEncoding}`).toBeUndefined();
      const body = (await bodyOf(response)).toString();
      expect(body, `${path} ${acceptEncoding}`).toBe(path === '/small' ? '{"status":"ok"}' : LIST);
    }
  });
});
