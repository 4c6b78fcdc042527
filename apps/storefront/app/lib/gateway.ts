import { type ErrorCode, failureOf } from '@storefront/contracts/crm-errors';
import { type Envelope, isFailedCall } from '@storefront/contracts/envelope';
import { MESSAGES } from '@storefront/contracts/messages';
import type { z } from 'zod';

/** A gateway query: its root field and the GraphQL types of its variables. */
interface QueryShape {
  field: string;
  variables: Readonly<Record<string, string>>;
}

/** The gateway queries the storefront uses; each answers an AWSJSON string {statusCode, content}. */
const QUERY_SHAPES = {
  SalesforceActions: {
    field: 'salesforceActions',
    variables: { action: 'String!', data: 'AWSJSON', username: 'String' },
  },
  GetTemplateBlock: { field: 'getTemplateBlock', variables: { storefrontId: 'ID!', templateId: 'ID!' } },
  TemplateDetails: { field: 'templateDetails', variables: { organizationId: 'ID!' } },
  Theme: { field: 'theme', variables: { key: 'String!' } },
  UserActivityLog: { field: 'userActivityLog', variables: { data: 'AWSJSON' } },
  GetLoginInfo: { field: 'getLoginInfo', variables: { data: 'AWSJSON' } },
  CognitoActions: {
    field: 'cognitoActions',
    variables: { action: 'String!', data: 'AWSJSON', username: 'String' },
  },
  ListUsers: { field: 'listUsers', variables: { data: 'AWSJSON' } },
} as const satisfies Record<string, QueryShape>;
export type QueryName = keyof typeof QUERY_SHAPES;

/** One call of a named query. */
export interface GatewayCall {
  name: QueryName;
  variables: Record<string, unknown>;
}

/**
 * The GraphQL body of one or more calls and where each call's answer is. One call is its named query, as
 * AppSync clients send it; several go as one operation of aliased root fields (at most
 * GATEWAY_MAX_ROOT_FIELDS), each with its own variables, so the gateway resolves the caller once for all.
 */
export function gatewayRequest(calls: readonly GatewayCall[]): { body: string; answerKeys: string[] } {
  const [only] = calls;
  if (only && calls.length === 1) {
    const { field, variables } = QUERY_SHAPES[only.name];
    const definitions = Object.entries(variables).map(([name, type]) => `$${name}: ${type}`);
    const args = Object.keys(variables).map((name) => `${name}: $${name}`);
    const query = `query ${only.name}(${definitions.join(', ')}) { ${field}(${args.join(', ')}) }`;
    return { body: JSON.stringify({ query, variables: only.variables }), answerKeys: [field] };
  }
  const definitions: string[] = [];
  const selections: string[] = [];
  const variables: Record<string, unknown> = {};
  const answerKeys = calls.map((call, index) => {
    const alias = `c${index}`;
    const shape = QUERY_SHAPES[call.name];
    const args = Object.entries(shape.variables).map(([name, type]) => {
      definitions.push(`$${alias}_${name}: ${type}`);
      if (call.variables[name] !== undefined) variables[`${alias}_${name}`] = call.variables[name];
      return `${name}: $${alias}_${name}`;
    });
    selections.push(`${alias}: ${shape.field}(${args.join(', ')})`);
    return alias;
  });
  const query = `query Calls(${definitions.join(', ')}) { ${selections.join(' ')} }`;
  return { body: JSON.stringify({ query, variables }), answerKeys };
}

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

/** One request per call (the browser's client). */
export function createGatewayClient(transport: GatewayTransport): GatewayClient {
  return async (name, variables) => {
    const [answer] = await sendCalls(transport, [{ name, variables }]);
    return answer?.();
  };
}

/**
 * Sends calls in one request and answers, per call, a function reading its own envelope (spec P§8): a
 * refused request (401, 413...) fails every call with its status; a call's failure is its own.
 */
export async function sendCalls(
  transport: GatewayTransport,
  calls: readonly GatewayCall[],
): Promise<(() => unknown)[]> {
  const { body, answerKeys } = gatewayRequest(calls);
  const response = await transport(body);
  const answer: unknown = await response.json().catch(() => null);
  const data = isRecord(answer) && isRecord(answer.data) ? answer.data : {};
  return answerKeys.map((key) => () => readEnvelope(response.status, data[key]));
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
