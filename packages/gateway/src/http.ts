import { createHash, timingSafeEqual } from 'node:crypto';

export const GRAPHQL_PATH = '/graphql';

/** Errors outside GraphQL execution keep the GraphQL error body shape, so clients read one format. */
export function jsonError(
  status: number,
  message: string,
  code: string,
  headers: HeadersInit = {},
): Response {
  return Response.json({ errors: [{ message, extensions: { code } }] }, { status, headers });
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * The checks before any GraphQL work: POST /graphql only (operations are never read from a URL), and the
 * x-api-key compared in constant time (digests have equal length whatever the client sent).
 */
export function createRequestGuard(apiKey: string): (request: Request) => Response | null {
  if (!apiKey) throw new Error('gateway: apiKey must not be empty');
  const expected = digest(apiKey);
  return (request) => {
    if (new URL(request.url).pathname !== GRAPHQL_PATH) return jsonError(404, 'Not found', 'NOT_FOUND');
    if (request.method !== 'POST') {
      return jsonError(405, 'Use POST for GraphQL operations.', 'METHOD_NOT_ALLOWED', { allow: 'POST' });
    }
    const given = request.headers.get('x-api-key');
    if (given === null || !timingSafeEqual(digest(given), expected)) {
      return jsonError(401, 'Missing or invalid API key.', 'UNAUTHORIZED');
    }
    return null;
  };
}
