import {
  checkRequestFields,
  PRIORITIES,
  type RequestFieldError,
  SUBJECT_MAX,
} from '@storefront/contracts/crm-service-requests';
import { data } from 'react-router';
import { z } from 'zod';
import { accountScope, crmCall } from '../../lib/crm.server';
import { GatewayCallError } from '../../lib/gateway';
import type { StorefrontSession } from '../../lib/storefront.server';

/** Who writes, as the request and its comments show it: the signed-in user's name. */
export function authorOf(session: StorefrontSession): string {
  return session.auth.signedIn ? session.auth.username : 'Customer';
}

/** The form's values as typed, kept to show again beside the messages. */
export type RequestFormValues = Record<string, string>;

export type FiledRequest =
  | { ok: true; requestId: string; number: string }
  | { ok: false; errors: RequestFieldError[]; values: RequestFormValues; problem: string | null };

const fixedFields = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'Enter a subject.')
    .max(SUBJECT_MAX, `A subject may be at most ${SUBJECT_MAX} characters.`),
  priority: z.enum(PRIORITIES, { message: 'Choose a priority.' }),
});

/**
 * Files a request from the form: the subject, the priority and the configured fields, each message beside its
 * field (the same checks as the CRM's, so all of them at once). The CRM checks again and has the last word.
 */
export async function fileRequest(session: StorefrontSession, body: FormData): Promise<FiledRequest> {
  const scope = accountScope(session);
  const form = await crmCall(session, 'getRequestForm', scope);
  const values: RequestFormValues = {};
  for (const [key, value] of body.entries()) if (typeof value === 'string') values[key] = value;
  const fields = Object.fromEntries(form.map((field) => [field.key, values[`field.${field.key}`] ?? '']));
  const fixed = fixedFields.safeParse({ subject: values.subject, priority: values.priority });
  const errors: RequestFieldError[] = fixed.success
    ? []
    : fixed.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message }));
  errors.push(
    ...checkRequestFields(form, fields).map((error) => ({ ...error, field: `field.${error.field}` })),
  );
  if (!fixed.success || errors.length > 0) return { ok: false, errors, values, problem: null };
  try {
    const filed = await crmCall(session, 'createServiceRequest', {
      ...scope,
      subject: fixed.data.subject,
      priority: fixed.data.priority,
      authorName: authorOf(session),
      fields,
    });
    return { ok: true, requestId: filed.id, number: filed.number };
  } catch (error) {
    if (!(error instanceof GatewayCallError) || error.status >= 500) throw error;
    const field = error.field?.replace(/^fields\./, 'field.') ?? null;
    const message = error.message.replace(/^[\w.]+: /, '');
    return field
      ? { ok: false, errors: [{ field, message }], values, problem: null }
      : { ok: false, errors: [], values, problem: message };
  }
}

/** A record id from a page's URL: the CRM answers 404 or 403 for one that is not the account's. */
export const recordId = z.string().trim().min(1).max(64);

/**
 * A record of the account its page's URL names, or the page's 404 (none) or 403 (another account's) as the
 * CRM answered. An id the CRM refuses to read (a NUL in the URL) names no record either: the page is 'Page
 * Not Found: {path}'.
 */
export async function ownRecord<T>(load: () => Promise<T>, what: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!(error instanceof GatewayCallError)) throw error;
    if (error.status === 400) throw data(null, { status: 404 });
    if (error.status !== 403 && error.status !== 404) throw error;
    const message = error.status === 403 ? error.message : `There is no such ${what}.`;
    throw data({ message }, { status: error.status });
  }
}
