import { createHash, timingSafeEqual } from 'node:crypto';

/** Constant-time equality of two strings of any length (both are hashed to the same length first). */
export function safeEqual(a: string | Buffer, b: string | Buffer): boolean {
  return timingSafeEqual(sha256(a), sha256(b));
}

export function sha256(value: string | Buffer): Buffer {
  return createHash('sha256').update(value).digest();
}

/** How opaque tokens (refresh tokens, challenge sessions) are stored: never the token itself. */
export function tokenHash(token: string): string {
  return sha256(token).toString('base64url');
}
