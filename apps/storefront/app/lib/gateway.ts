import { type ErrorCode, failureOf } from '@storefront/contracts/crm-errors';
import { type Envelope, isFailedCall } from '@storefront/contracts/envelope';
import { MESSAGES } from '@storefront/contracts/messages';
import type { z } from 'zod';

/** The gateway queries the storefront uses; each answers an AWSJSON string {statusCode, content}. */
export const QUERIES = {
  SalesforceActions:
    'query SalesforceActions($action: String!, $data: AWSJSON, $username: String) { salesforceActions(action: $action, data: $data, username: $username) }',
  GetTemplateBlock:
    'query GetTemplateBlock($storefrontId: ID!, $templateId: ID!) { getTemplateBlock(storefrontId: $storefrontId, templateId: $templateId) }',
  TemplateDetails:
    'query TemplateDetails($organizationId: ID!) { templateDetails(organizationId: $organizationId) }',
  Theme: 'query Theme($key: String!) { theme(key: $key) }',
  UserActivityLog: 'query UserActivityLog($data: AWSJSON) { userActivityLog(data: $data) }',
  GetLoginInfo: 'query GetLoginInfo($data: AWSJSON) { getLoginInfo(data: $data) }',
  CognitoActions:
    'query CognitoActions($action: String!, $data: AWSJSON, $username: String) { cognitoActions(action: $action, data: $data, username: $username) }',
  ListUsers: 'query ListUsers($data: AWSJSON) { listUsers(data: $data) }',
} as const;
export type QueryName = keyof typeof QUERIES;

/**
 * A failed gateway call: the status of the envelope (or of the transport), the error code behaviour switches
 * on, the payload field it is about (if any) and the text a person sees.
 */
export class GatewayCallError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: ErrorCode,
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'GatewayCallError';
  }
}

/** Sends one GraphQL body to POST /graphql. */
export type GatewayTransport = (body: string) => Promise<Response>;

/** Runs a named query and answers its envelope's content (spec P§7, P§8). */
export type GatewayClient = (name: QueryName, variables: Record<string, unknown>) => Promise<unknown>;

export function createGatewayClient(transport: GatewayTransport): GatewayClient {
  return async (name, variables) => {
    const response = await transport(JSON.stringify({ query: QUERIES[name], variables }));
    const body: unknown = await response.json().catch(() => null);
    return readEnvelope(response.status, fieldOf(body, name));
  };
}

/** The answer is read under the query's camel-case name. */
function fieldOf(body: unknown, name: QueryName): unknown {
  const data = isRecord(body) ? body.data : undefined;
  const field = name.charAt(0).toLowerCase() + name.slice(1);
  return isRecord(data) ? data[field] : undefined;
}

/**
 * Applies spec P§8 to an answer: a transport failure or a missing field throws; a failed call throws its
 * code and message, except 'No records Found', which is an empty list; otherwise the content.
 */
export function readEnvelope(outerStatus: number, raw: unknown): unknown {
  if (raw === undefined || raw === null) {
    if (outerStatus !== 200) {
      throw new GatewayCallError(outerStatus || 500, 'APPSYNC_FETCH_ERROR', MESSAGES.appSyncFetchError);
    }
    throw new GatewayCallError(404, 'QUERY_NAME_NOT_FOUND', MESSAGES.queryNameNotFound);
  }
  const env = parseEnvelope(raw);
  if (!isFailedCall(outerStatus, env)) return env.content;
  const failure = failureOf(env.content);
  if (failure.errorCode === 'NO_RECORDS_FOUND') return [];
  const status = env.statusCode !== 200 ? env.statusCode : outerStatus !== 200 ? outerStatus : 500;
  throw new GatewayCallError(status, failure.errorCode, failure.message, failure.field);
}

/**
 * An answer read with the schema of its contract: an answer the contract does not describe is the back end's
 * fault, so it fails as a bad gateway (502, INVALID_ANSWER) and the log says what did not match.
 */
export function parseAnswer<T>(schema: z.ZodType<T>, content: unknown, what: string): T {
  const answer = schema.safeParse(content);
  if (answer.success) return answer.data;
  console.error(`${what} does not match its contract:`, answer.error.issues);
  throw new GatewayCallError(502, 'INVALID_ANSWER', MESSAGES.appSyncFetchError);
}

function parseEnvelope(raw: unknown): Envelope {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new GatewayCallError(502, 'APPSYNC_FETCH_ERROR', MESSAGES.appSyncFetchError);
    }
  }
  if (!isRecord(value) || typeof value.statusCode !== 'number') {
    throw new GatewayCallError(502, 'APPSYNC_FETCH_ERROR', MESSAGES.appSyncFetchError);
  }
  return { statusCode: value.statusCode, content: value.content };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
