import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { CrmHttpError } from '../core/errors';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Requires `Authorization: Bearer <token>`; comparing digests keeps the time independent of the token. */
export function requireServiceToken(serviceToken: string): MiddlewareHandler {
  const expected = digest(serviceToken);
  return async (c, next) => {
    const match = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '');
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      throw new CrmHttpError(401, 'INVALID_SESSION_ID', 'Session expired or invalid');
    }
    await next();
  };
}
