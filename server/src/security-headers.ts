import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { cameOverHttps } from './client';

/** A year: browsers remember to use https only once a response came over https. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Sets a header on the answer in place. Hono's c.header copies a finished response first, which turns a body
 * held in memory (every JSON answer, a gateway read) into a stream written chunk by chunk; only a response whose
 * headers cannot change (as a fetch returns them) needs that copy.
 */
export function setOnAnswer(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

/**
 * Headers every response carries. A part that sets its own Content-Security-Policy keeps it; any other
 * response may at least never be framed (clickjacking of sign-in and cart).
 */
export function securityHeaders(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    setOnAnswer(c, 'X-Content-Type-Options', 'nosniff');
    setOnAnswer(c, 'Referrer-Policy', 'strict-origin-when-cross-origin');
    if (cameOverHttps(c, trustProxy))
      setOnAnswer(c, 'Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}`);
    if (!c.res.headers.has('Content-Security-Policy'))
      setOnAnswer(c, 'Content-Security-Policy', "frame-ancestors 'none'");
  };
}

const NONCE_BYTES = 16;
/** Nonces drawn from the system's generator at a time: one call costs about as much as one nonce's worth. */
const NONCES_PER_DRAW = 256;
let randomPool = Buffer.alloc(0);
let poolOffset = 0;

/**
 * 128 random bits per request, so a page's inline scripts run and injected ones do not. The bits come from
 * randomBytes, drawn for 256 nonces at once (as Node's randomUUID buffers its own), each used once.
 */
export function newCspNonce(): string {
  if (poolOffset >= randomPool.length) {
    randomPool = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    poolOffset = 0;
  }
  const nonce = randomPool.toString('base64', poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

/** The CSP source that lets the inline scripts carrying this nonce run. */
export function nonceSource(nonce: string): string {
  return `'nonce-${nonce}'`;
}

/** A storefront's resourcesDomain as a CSP source (https, as its static resources are loaded); null if not a host. */
function resourcesSource(resourcesDomain: string | null | undefined): string | null {
  const host = resourcesDomain
    ?.trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/+$/, '');
  // Only a host[:port]: anything else could end a directive and start another.
  return host && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host) ? `https://${host}` : null;
}

/** A storefront's policy around its pages' inline scripts, by resourcesDomain: the same for all its pages. */
const policiesByResources = new Map<string, { beforeInline: string; afterInline: string }>();
/** Storefronts whose policy is kept; past that many the kept ones are dropped and made again. */
const KEPT_POLICIES = 1_000;

function policyAround(resourcesDomain: string | null | undefined) {
  const key = resourcesDomain ?? '';
  let policy = policiesByResources.get(key);
  if (!policy) {
    const resources = resourcesSource(resourcesDomain);
    const withResources = (...sources: string[]) => [...sources, ...(resources ? [resources] : [])].join(' ');
    policy = {
      beforeInline: "default-src 'self'; script-src 'self'",
      afterInline: [
        resources ? ` ${resources}` : '',
        `style-src ${withResources("'self'", "'unsafe-inline'")}`,
        `font-src ${withResources("'self'", 'data:')}`,
        "img-src 'self' data: https:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    };
    if (policiesByResources.size >= KEPT_POLICIES) policiesByResources.clear();
    policiesByResources.set(key, policy);
  }
  return policy;
}

/**
 * The policy of the storefront's pages: scripts of this origin, of the storefront's resourcesDomain (the
 * administrators' custom JS) and the page's inline ones (React Router's), named by `inlineScripts`: this
 * request's nonce, or the hashes of a stored page's scripts. Styles may be inline because themes and sections
 * set style attributes. Product images may be on any https host. All but the inline scripts is made once per
 * resourcesDomain.
 */
export function documentPolicy(inlineScripts: string[], resourcesDomain: string | null | undefined): string {
  const { beforeInline, afterInline } = policyAround(resourcesDomain);
  let inline = '';
  for (const source of inlineScripts) inline += ` ${source}`;
  return `${beforeInline}${inline}${afterInline}`;
}
