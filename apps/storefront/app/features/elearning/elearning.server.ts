import { ENROLMENT_MESSAGE_MAX, MAX_ATTENDEES } from '@storefront/contracts/crm-elearning';
import { problemOf } from '@storefront/contracts/crm-errors';
import { z } from 'zod';
import { accountScope, crmCall } from '../../lib/crm.server';
import { GatewayCallError } from '../../lib/gateway';
import type { StorefrontSession } from '../../lib/storefront.server';
import { ownRecord, recordId } from '../requests/requests.server';

/** The courses for the account's instruments, narrowed to one model when the page names one. */
export function listCourses(session: StorefrontSession, modelSku: string | null) {
  const model = recordId.safeParse(modelSku).data;
  return crmCall(session, 'getCourses', { ...accountScope(session), modelSku: model });
}

export function courseDetail(session: StorefrontSession, courseId: string) {
  return ownRecord(
    () => crmCall(session, 'getCourseDetail', { ...accountScope(session), courseId }),
    'course',
  );
}

/** The form's fields, each with the message shown beside it. */
export const ENROLMENT_FIELDS = ['attendees', 'sessionId', 'message'] as const;
type EnrolmentField = (typeof ENROLMENT_FIELDS)[number];

export type EnrolmentResult =
  | { ok: true; enrolmentId: string }
  | {
      ok: false;
      errors: Partial<Record<EnrolmentField, string>>;
      values: Partial<Record<EnrolmentField, string>>;
      problem: string | null;
    };

const enrolmentForm = z.object({
  attendees: z.coerce
    .number({ message: 'Enter how many people will attend.' })
    .int('Enter a whole number of people.')
    .min(1, 'At least one person attends.')
    .max(
      MAX_ATTENDEES,
      `At most ${MAX_ATTENDEES} people per request; for a larger group ask for a private course.`,
    ),
  sessionId: z.string().trim().max(64).optional(),
  message: z
    .string()
    .trim()
    .max(ENROLMENT_MESSAGE_MAX, `A message may be at most ${ENROLMENT_MESSAGE_MAX} characters.`)
    .refine((value) => !value.includes('\0'), 'A message may not contain a NUL character.'),
});

const isField = (name: string | null): name is EnrolmentField =>
  (ENROLMENT_FIELDS as readonly (string | null)[]).includes(name);

/** Records the request from the form; the messages sit beside their fields, the CRM has the last word. */
export async function requestEnrolment(
  session: StorefrontSession,
  courseId: string,
  body: FormData,
): Promise<EnrolmentResult> {
  const values = Object.fromEntries(
    ENROLMENT_FIELDS.map((field) => [field, String(body.get(field) ?? '')]),
  ) as Record<EnrolmentField, string>;
  const parsed = enrolmentForm.safeParse({ ...values, attendees: values.attendees || undefined });
  if (!parsed.success) {
    const errors: Partial<Record<EnrolmentField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      if (isField(field)) errors[field] ??= issue.message;
    }
    return { ok: false, errors, values, problem: null };
  }
  try {
    const enrolment = await crmCall(session, 'requestEnrolment', {
      ...accountScope(session),
      courseId,
      attendees: parsed.data.attendees,
      sessionId: parsed.data.sessionId || undefined,
      message: parsed.data.message,
    });
    return { ok: true, enrolmentId: enrolment.id };
  } catch (error) {
    if (!(error instanceof GatewayCallError) || error.status >= 500) throw error;
    const problem = problemOf(error);
    return isField(error.field)
      ? { ok: false, errors: { [error.field]: problem }, values, problem: null }
      : { ok: false, errors: {}, values, problem };
  }
}
