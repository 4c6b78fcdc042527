import { createHash, timingSafeEqual } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';

/** Where an embedded server leaves its operations token for the operator of the machine (mode 600). */
export const OPERATIONS_TOKEN_FILE = 'operations-token';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The operator's endpoints (metrics, backups) answer only `Authorization: Bearer <OPERATIONS_TOKEN>`;
 * digests keep the comparison's time independent of what was sent. Anyone else gets 401, never the data.
 */
export function operationsOnly(token: string): MiddlewareHandler {
  const expected = digest(token);
  return async (c, next) => {
    const match = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '');
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="operations"');
      return c.json(
        { message: 'This endpoint is for operators: send Authorization: Bearer <OPERATIONS_TOKEN>.' },
        401,
      );
    }
    await next();
  };
}

/** Leaves the token beside the embedded database, readable by its owner only, as PostgreSQL keeps its own files. */
export async function publishOperationsToken(dataDir: string, token: string): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const path = join(dataDir, OPERATIONS_TOKEN_FILE);
  await writeFile(path, `${token}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
  return path;
}
