import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { IdentityContext } from '../context';
import { OPERATIONS } from '../operations';
import { clientAddress } from '../security/rate-limit';
import { CognitoError } from './errors';
import { type AdminCredentials, verifySigV4 } from './sigv4';

const TARGET = /^AWSCognitoIdentityProviderService\.(\w{1,64})$/;
const CONTENT_TYPE = 'application/x-amz-json-1.1';

export interface ProtocolOptions {
  adminCredentials: AdminCredentials;
  /** Counts the request against its address and, when given, the user it names. */
  limit(c: Context, subject?: string): Promise<void>;
}

/**
 * `POST /` of the user-pool JSON protocol: the operation named by X-Amz-Target, its body parsed by the
 * operation, admin operations signed. Errors answer `{__type, message}` with the status Cognito gives;
 * anything unexpected is logged and answered as InternalErrorException, never with its details.
 */
export function protocolHandler(ctx: IdentityContext, options: ProtocolOptions) {
  return async (c: Context): Promise<Response> => {
    const requestId = randomUUID();
    let name = '';
    try {
      await options.limit(c);
      name = TARGET.exec(c.req.header('x-amz-target') ?? '')?.[1] ?? '';
      const operation = OPERATIONS.get(name);
      if (!operation) throw new CognitoError('UnknownOperationException', `Unknown operation ${name}`);
      const text = await c.req.text();
      if (operation.admin) await verifySigV4(c.req.raw, text, options.adminCredentials);
      const result = await operation.handle(
        { ...ctx, clientAddress: clientAddress(c) },
        parseBody(text),
        (subject) => options.limit(c, subject),
      );
      return answer(200, result, requestId);
    } catch (error) {
      if (error instanceof CognitoError) {
        return answer(error.status, error.body, requestId, { 'x-amzn-errortype': error.type });
      }
      // The logger describes the error by its class and query id: a failed query's parameters hold secrets.
      ctx.logger.error({ requestId, operation: name, error }, 'identity: unexpected error');
      const internal = new CognitoError('InternalErrorException', 'An internal error occurred.');
      return answer(internal.status, internal.body, requestId, { 'x-amzn-errortype': internal.type });
    }
  };
}

/**
 * The body, with every null member dropped: AWS's JSON protocol reads a null as an absent member (clients
 * such as amazon-cognito-identity-js send their documented null arguments as they are). Array elements stay.
 */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text || '{}', function withoutNulls(this: unknown, _key, value) {
      return value === null && !Array.isArray(this) ? undefined : value;
    });
  } catch {
    throw new CognitoError('SerializationException', 'The request body is not valid JSON.');
  }
}

function answer(
  status: number,
  body: object,
  requestId: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': CONTENT_TYPE, 'x-amzn-requestid': requestId, ...headers },
  });
}
