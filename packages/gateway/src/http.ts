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

/** AppSync's refusal of a request's credentials: 401, the error type in a header and in the body. */
export function unauthorized(message: string): Response {
  const errorType = 'UnauthorizedException';
  return Response.json(
    { errors: [{ errorType, message }] },
    { status: 401, headers: { 'x-amzn-ErrorType': errorType } },
  );
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * The checks before any GraphQL work: POST /graphql only (operations are never read from a URL), and
 * credentials as AppSync takes them: an x-api-key, compared in constant time (digests have equal length
 * whatever the client sent), or, without one, a user-pool token in Authorization (Amplify's `userPool`
 * mode), which the gateway verifies before any field runs.
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
    if (given === null && request.headers.has('authorization')) return null;
    if (given === null || !timingSafeEqual(digest(given), expected)) {
      return unauthorized('Missing or invalid API key.');
    }
    return null;
  };
}

/**
 * The body of a request that declares its length within the limit, read once so the same request can be
 * recognised; any other request goes to GraphQL untouched, which answers an oversized one 413 as before.
 */
export async function declaredBody(
  request: Request,
  maxBodyBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = request.headers.get('content-length');
  if (declared === null || !/^\d+$/.test(declared) || Number(declared) > maxBodyBytes) return null;
  return new Uint8Array(await request.arrayBuffer());
}

/** The request again with the body already read, for GraphQL to read in turn. */
export function withBody(request: Request, body: Uint8Array<ArrayBuffer>): Request {
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
  });
}
