import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { constants, createDeflate, createGzip, type Gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

/** Below this a known-length answer is sent as it is: compressing it gains less than its headers weigh. */
const THRESHOLD_BYTES = 1024;
const ENCODINGS = ['gzip', 'deflate'] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * Compresses answers on the rules of hono's `compress` (gzip or deflate as the browser accepts them, compressible
 * types only, never a `no-transform`, a range or an answer already encoded), with one difference that matters to
 * pages: an answer streamed without a length (a page: its shell first, its deferred data as it arrives) is flushed
 * after each burst of chunks. The web `CompressionStream` hono uses holds its output until it has 16 KB to give, which for a
 * page is all of it: the browser saw nothing before the last deferred read was done.
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const { res } = c;
    const length = res.headers.get('Content-Length');
    const type = res.headers.get('Content-Type');
    if (
      !res.body ||
      res.status === 206 ||
      c.req.method === 'HEAD' ||
      res.headers.has('Content-Encoding') ||
      res.headers.has('Transfer-Encoding') ||
      (length !== null && Number(length) < THRESHOLD_BYTES) ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    const vary = res.headers.get('Vary');
    if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) {
      c.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    const encoding = acceptedEncoding(c.req.header('Accept-Encoding'));
    if (!encoding || !c.res.body) return;
    const compressor: Gzip = encoding === 'gzip' ? createGzip() : createDeflate();
    const source = Readable.fromWeb(c.res.body as NodeReadableStream<Uint8Array>);
    // A failing source, or a visitor who leaves (the answer's reader cancels), ends both sides; nothing to report.
    pipeline(source, compressor, () => {});
    // A streamed answer goes out as it is written: what one turn of the event loop wrote (a render's burst of
    // chunks) is flushed once, after it. An answer of known length compresses best in one piece.
    if (length === null) flushAfterEachBurst(source, compressor);
    const body = Readable.toWeb(compressor) as ReadableStream<Uint8Array>;
    c.res = new Response(body, c.res);
    c.res.headers.delete('Content-Length');
    c.res.headers.set('Content-Encoding', encoding);
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  };
}

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

/** gzip or deflate, the one the browser prefers (gzip when it takes both alike), or none. */
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
