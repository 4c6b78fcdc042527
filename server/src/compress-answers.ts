import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { constants, createDeflate, createGzip, type Gzip } from 'node:zlib';
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
    if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) {
      c.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    const encoding = acceptedEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return;
    const compressor: Gzip = encoding === 'gzip' ? createGzip() : createDeflate();
    const source = Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>);
    // A failing source, or a visitor who leaves (the answer's reader cancels), ends both sides; nothing to report.
    pipeline(source, compressor, () => {});
    flushAfterEachBurst(source, compressor);
    c.res = new Response(Readable.toWeb(compressor) as ReadableStream<Uint8Array>, c.res);
    c.res.headers.set('Content-Encoding', encoding);
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  };
}

/** What one turn of the event loop wrote (a render's burst of chunks) goes out once, after it. */
function flushAfterEachBurst(source: Readable, compressor: Gzip): void {
  let flushing = false;
  source.on('data', () => {
    if (flushing) return;
    flushing = true;
    setImmediate(() => {
      flushing = false;
      if (!compressor.destroyed && !compressor.writableEnded) compressor.flush(constants.Z_SYNC_FLUSH);
    });
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
