import { Readable, type Writable } from 'node:stream';
import { constants, createDeflate, createGzip, type Deflate, type Gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { parseAccept } from 'hono/utils/accept';

const ENCODINGS = ['gzip', 'deflate'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** What React Router streams without a length: documents, and the data of client navigations (turbo-stream). */
const STREAMED_PAGE_TYPE = /^\s*text\/(?:html|x-script)\s*(?:;|$)/i;

/**
 * hono's `compress` for every answer, except that a streamed page is compressed burst by burst: the web
 * `CompressionStream` hono uses holds its output until it has 16 KB to give, which for a page is all of it, so
 * the browser saw nothing before the last deferred read was done.
 */
export function compressAnswers(): MiddlewareHandler {
  const inOnePiece = compress();
  const streamedPages = compressStreamedPages();
  return (c, next) =>
    inOnePiece(c, async () => {
      await streamedPages(c, next);
    });
}

/**
 * A page streamed without a length, compressed with Node's zlib and flushed after each burst of chunks it is
 * written in; anything else is left to hono's `compress`, whose rules this keeps (never a range, a HEAD, an
 * encoded answer or a `no-transform`; `Vary: Accept-Encoding`; weak ETags).
 */
function compressStreamedPages(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const { res } = c;
    if (
      !res.body ||
      res.status === 206 ||
      c.req.method === 'HEAD' ||
      res.headers.has('Content-Length') ||
      res.headers.has('Content-Encoding') ||
      res.headers.has('Transfer-Encoding') ||
      !STREAMED_PAGE_TYPE.test(res.headers.get('Content-Type') ?? '') ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    const vary = res.headers.get('Vary');
    const addVary =
      vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')
        ? vary
          ? `${vary}, Accept-Encoding`
          : 'Accept-Encoding'
        : undefined;
    const encoding = acceptedEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) {
      if (addVary) c.header('Vary', addVary);
      return;
    }
    // The compressed answer is made once, with all its headers: hono's c.header and `c.res =` would each copy it.
    const headers = new Headers(res.headers);
    if (addVary) headers.set('Vary', addVary);
    headers.set('Content-Encoding', encoding);
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    const compressor = encoding === 'gzip' ? createGzip() : createDeflate();
    compressInBursts(res.body, compressor);
    const compressed = new Response(Readable.toWeb(compressor) as ReadableStream<Uint8Array>, {
      status: res.status,
      statusText: res.statusText,
      headers,
    });
    // Setting c.res over an answer copies the new one and every header of the old onto it; it has them already.
    c.res = undefined;
    c.res = compressed;
  };
}

/**
 * Writes the page into the compressor, and flushes what one turn of the event loop wrote (a render's burst of
 * chunks) once, after it. A failing page fails the compressed answer; a visitor who leaves (the answer's reader
 * cancels, which destroys the compressor) cancels the page; nothing to report. Not `stream.pipeline`: it makes an
 * AbortController for each call and aborts it when done, an AbortError with its stack trace for every page.
 */
function compressInBursts(page: ReadableStream<Uint8Array>, compressor: Gzip | Deflate): void {
  const reader = page.getReader();
  let flushing = false;
  const flush = () => {
    flushing = false;
    if (!compressor.destroyed && !compressor.writableEnded) compressor.flush(constants.Z_SYNC_FLUSH);
  };
  compressor.on('error', () => {});
  compressor.once('close', () => {
    reader.cancel().catch(() => {});
  });
  const pump = async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (compressor.destroyed) return;
      if (done) {
        compressor.end();
        return;
      }
      if (!flushing) {
        flushing = true;
        setImmediate(flush);
      }
      if (!compressor.write(value)) await drained(compressor);
    }
  };
  pump().catch((error: unknown) => compressor.destroy(error as Error));
}

/** When the stream takes writes again, or is gone. */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** gzip or deflate, the one the browser prefers (gzip when it takes both alike), or none: hono's choice, which it does not export. */
function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (header === undefined) return undefined;
  const accepts = parseAccept(header);
  const quality = (encoding: Encoding) =>
    accepts.find((accept) => accept.type.toLowerCase() === encoding)?.q ??
    accepts.find((accept) => accept.type === '*')?.q ??
    0;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of ENCODINGS) {
    const q = quality(encoding);
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}
