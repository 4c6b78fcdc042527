import type { Context } from 'hono';

/**
 * The client's address: the socket's peer, or, behind our own proxy (TRUST_PROXY), the address that proxy saw
 * (the last X-Forwarded-For entry: entries before it are whatever the client chose to send).
 */
export function clientAddress(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/** Whether the client reached us over https: the request URL, or behind our own proxy X-Forwarded-Proto. */
export function cameOverHttps(c: Context, trustProxy: boolean): boolean {
  if (trustProxy) {
    const proto = c.req.header('x-forwarded-proto')?.split(',').at(-1)?.trim().toLowerCase();
    if (proto) return proto === 'https';
  }
  return new URL(c.req.url).protocol === 'https:';
}
