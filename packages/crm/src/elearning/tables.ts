import { COURSE_FORMATS, COURSE_LEVELS, type CourseFormat, ENROLMENT_STATUSES } from '@storefront/contracts';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, storefronts } from '../core/tables';
import { oneOf } from '../db/columns';

/** The elearning capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

// E-learning (issue 14; docs/decisions/0038-elearning-and-sales-quotes.md).

/** A training course of a storefront, for one or more instrument models (by their catalogue SKU). */
export const courses = pgTable(
  'courses',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    code: text().notNull(),
    title: text().notNull(),
    summary: text().notNull(),
    description: text().notNull(),
    objectives: jsonb().$type<string[]>().notNull().default([]),
    level: text().$type<(typeof COURSE_LEVELS)[number]>().notNull(),
    format: text().$type<CourseFormat>().notNull(),
    durationHours: integer().notNull(),
    modelSkus: text().array().notNull(),
  },
  (t) => [
    uniqueIndex().on(t.storefrontId, t.code),
    check('courses_level_check', oneOf(t.level, COURSE_LEVELS)),
    check('courses_format_check', oneOf(t.format, COURSE_FORMATS)),
  ],
);

/** A dated session of an on-site or virtual course. */
export const courseSessions = pgTable(
  'course_sessions',
  {
    id: text().primaryKey(),
    courseId: text()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }).notNull(),
    location: text().notNull(),
    seats: integer().notNull(),
  },
  (t) => [index().on(t.courseId, t.startsOn)],
);

/** An account's request to enrol people in a course, in a preferred session or none. */
export const enrolmentRequests = pgTable(
  'enrolment_requests',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    contactId: text(),
    courseId: text()
      .notNull()
      .references(() => courses.id),
    sessionId: text().references(() => courseSessions.id, { onDelete: 'set null' }),
    attendees: integer().notNull(),
    message: text().notNull().default(''),
    status: text().$type<(typeof ENROLMENT_STATUSES)[number]>().notNull().default('Requested'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.accountId, t.courseId),
    index().on(t.sessionId),
    check('enrolment_requests_status_check', oneOf(t.status, ENROLMENT_STATUSES)),
  ],
);
