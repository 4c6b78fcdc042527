import { z } from 'zod';
import { crmType } from './crm-base';
import { catalogueScope, id, text } from './crm-fields';

/**
 * E-learning (/elearning; docs/decisions/0038-elearning-and-sales-quotes.md): training courses for the
 * instrument models an account owns (its install base), their sessions, and the account's requests to enrol.
 */

export const COURSE_LEVELS = ['Introductory', 'Intermediate', 'Advanced'] as const;
export const COURSE_FORMATS = ['On-site', 'Virtual', 'Self-paced'] as const;
export type CourseFormat = (typeof COURSE_FORMATS)[number];
export const ENROLMENT_STATUSES = ['Requested', 'Confirmed', 'Declined'] as const;

/** At most this many people per request: a bigger group is a private course, arranged with sales. */
export const MAX_ATTENDEES = 12;
export const ENROLMENT_MESSAGE_MAX = 2000;

export const courseSessionSchema = z.object({
  id: z.string(),
  /** YYYY-MM-DD. */
  startsOn: z.string(),
  endsOn: z.string(),
  location: z.string(),
  seatsLeft: z.number(),
});
export type CourseSession = z.infer<typeof courseSessionSchema>;

export const courseSchema = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  summary: z.string(),
  level: z.enum(COURSE_LEVELS),
  format: z.enum(COURSE_FORMATS),
  durationHours: z.number(),
  /** The models the course teaches, by catalogue SKU and name. */
  models: z.array(z.object({ sku: z.string(), name: z.string() })),
  /** The account's own instruments the course is for, by serial. */
  forInstruments: z.array(z.object({ serialNumber: z.string(), modelName: z.string() })),
  /** The next sessions from today, soonest first (none for a self-paced course). */
  nextSessions: z.array(courseSessionSchema),
  /** Whether the account already asked to enrol in it. */
  requested: z.boolean(),
});
export type Course = z.infer<typeof courseSchema>;

export const enrolmentRequestSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  session: courseSessionSchema.nullable(),
  attendees: z.number(),
  message: z.string(),
  status: z.enum(ENROLMENT_STATUSES),
  createdAt: z.string(),
});
export type EnrolmentRequest = z.infer<typeof enrolmentRequestSchema>;

// Courses and sessions change with the training calendar and requests with every form sent: none is cached.
const elearningRow = { group: 'elearning', cacheable: false } as const;

export const ELEARNING_CRM_TYPES = {
  /** The courses for the models of the account's active instruments; `modelSku` narrows them to one model. */
  getCourses: crmType({
    ...elearningRow,
    method: 'POST',
    payload: z.object({ ...catalogueScope, modelSku: id.optional() }),
    answer: z.object({
      courses: z.array(courseSchema),
      /** The models of the account's active instruments, for the filter. */
      models: z.array(z.object({ sku: z.string(), name: z.string() })),
    }),
  }),
  /** One course of the storefront with every upcoming session and the account's requests for it. */
  getCourseDetail: crmType({
    ...elearningRow,
    method: 'POST',
    payload: z.object({ ...catalogueScope, courseId: id }),
    answer: z.object({
      course: courseSchema.extend({
        description: z.string(),
        objectives: z.array(z.string()),
        sessions: z.array(courseSessionSchema),
      }),
      enrolments: z.array(enrolmentRequestSchema),
    }),
  }),
  /** Records a request to enrol people of the account in a course, in a preferred session when it has any. */
  requestEnrolment: crmType({
    ...elearningRow,
    method: 'POST',
    payload: z.object({
      ...catalogueScope,
      contactId: id.optional(),
      courseId: id,
      sessionId: id.optional(),
      attendees: z.coerce
        .number()
        .int('must be a whole number')
        .min(1, 'must be at least 1')
        .max(MAX_ATTENDEES, `must be at most ${MAX_ATTENDEES}; for a larger group ask for a private course`),
      message: text()
        .trim()
        .max(ENROLMENT_MESSAGE_MAX, `must be at most ${ENROLMENT_MESSAGE_MAX} characters`),
    }),
    answer: enrolmentRequestSchema,
  }),
  /** One enrolment request of the account. */
  getEnrolmentRequest: crmType({
    ...elearningRow,
    method: 'POST',
    payload: z.object({ ...catalogueScope, enrolmentId: id }),
    answer: enrolmentRequestSchema,
  }),
};
