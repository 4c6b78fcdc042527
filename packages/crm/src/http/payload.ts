import { type CrmPayload, type CrmType, payloadSchema } from '@storefront/contracts';
import type { Context } from 'hono';
import type { z } from 'zod';
import { CrmHttpError, invalidPayload } from '../core/errors';

/** GET types read their payload from the query string (without `type`), POST types from the JSON body. */
export async function readPayload<T extends CrmType>(c: Context, type: T): Promise<CrmPayload<T>> {
  const raw = c.req.method === 'GET' ? queryParameters(c.req.url) : await jsonBody(c);
  const result = payloadSchema(type).safeParse(raw);
  if (!result.success) throw payloadRefusal(result.error.issues, raw);
  return result.data;
}

function queryParameters(url: string): Record<string, string> {
  const params = new URL(url).searchParams;
  params.delete('type');
  return Object.fromEntries(params);
}

async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new CrmHttpError(400, 'JSON_PARSER_ERROR', 'The request body is not valid JSON.');
  }
}

/**
 * Every problem of the payload, the first one's field named as the refusal's field:
 * 'storefrontId: is required; page: Too small: expected number to be >=1'.
 */
function payloadRefusal(issues: readonly z.core.$ZodIssue[], raw: unknown): CrmHttpError {
  const [first, ...rest] = issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'payload',
    problem: isMissing(issue, raw) ? 'is required' : issue.message,
  }));
  const others = rest.map(({ field, problem }) => `; ${field}: ${problem}`).join('');
  return invalidPayload(`${first?.problem ?? 'is malformed'}${others}`, first?.field ?? 'payload');
}

/** A field of the wrong type because it is not there at all. */
function isMissing(issue: z.core.$ZodIssue, raw: unknown): boolean {
  if (issue.code !== 'invalid_type' || issue.path.length === 0) return false;
  let value: unknown = raw;
  for (const key of issue.path) {
    if (typeof value !== 'object' || value === null) return true;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value === undefined;
}
