import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { catalogueItems, catalogues, courseSessions, courses, enrolmentRequests } from '../../db/schema';

export type CourseRow = typeof courses.$inferSelect;
export type EnrolmentRow = typeof enrolmentRequests.$inferSelect;

/** A session with the seats its requests (all but declined ones) leave. */
export type SessionRow = Omit<typeof courseSessions.$inferSelect, 'seats'> & { seatsLeft: number };

export function listCourses(db: CrmDb, storefrontId: string): Promise<CourseRow[]> {
  return db.select().from(courses).where(eq(courses.storefrontId, storefrontId)).orderBy(asc(courses.code));
}

export async function findCourse(db: CrmDb, courseId: string): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  return row;
}

const seatsTaken = sql<number>`coalesce((
  select sum(${enrolmentRequests.attendees}) from ${enrolmentRequests}
  where ${enrolmentRequests.sessionId} = ${courseSessions.id} and ${enrolmentRequests.status} <> 'Declined'
), 0)::int`;

const sessionColumns = {
  id: courseSessions.id,
  courseId: courseSessions.courseId,
  startsOn: courseSessions.startsOn,
  endsOn: courseSessions.endsOn,
  location: courseSessions.location,
  seatsLeft: sql<number>`greatest(${courseSessions.seats} - ${seatsTaken}, 0)`.mapWith(Number),
};

/** The sessions of the courses from today on, soonest first. */
export function listUpcomingSessions(
  db: CrmDb,
  courseIds: readonly string[],
  today: string,
): Promise<SessionRow[]> {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .select(sessionColumns)
    .from(courseSessions)
    .where(and(inArray(courseSessions.courseId, [...courseIds]), gte(courseSessions.startsOn, today)))
    .orderBy(asc(courseSessions.startsOn), asc(courseSessions.id));
}

/** Locks the session for the rest of the transaction, so two requests never count the same free seats. */
export async function lockSession(tx: CrmDb, sessionId: string): Promise<void> {
  await tx
    .select({ id: courseSessions.id })
    .from(courseSessions)
    .where(eq(courseSessions.id, sessionId))
    .for('update');
}

/** The account's enrolment requests, newest first; of one course when named. */
export function listEnrolments(db: CrmDb, accountId: string, courseId?: string): Promise<EnrolmentRow[]> {
  return db
    .select()
    .from(enrolmentRequests)
    .where(
      and(
        eq(enrolmentRequests.accountId, accountId),
        courseId ? eq(enrolmentRequests.courseId, courseId) : undefined,
      ),
    )
    .orderBy(desc(enrolmentRequests.createdAt), desc(enrolmentRequests.id));
}

/** The courses the account has an open (not declined) request for. */
export async function requestedCourseIds(db: CrmDb, accountId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ courseId: enrolmentRequests.courseId })
    .from(enrolmentRequests)
    .where(and(eq(enrolmentRequests.accountId, accountId), ne(enrolmentRequests.status, 'Declined')));
  return new Set(rows.map((row) => row.courseId));
}

export async function findEnrolment(db: CrmDb, enrolmentId: string): Promise<EnrolmentRow | undefined> {
  const [row] = await db
    .select()
    .from(enrolmentRequests)
    .where(eq(enrolmentRequests.id, enrolmentId))
    .limit(1);
  return row;
}

export async function findSession(db: CrmDb, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await db.select(sessionColumns).from(courseSessions).where(eq(courseSessions.id, sessionId));
  return row;
}

export async function insertEnrolment(
  tx: CrmDb,
  request: Omit<typeof enrolmentRequests.$inferInsert, 'id' | 'status' | 'createdAt'>,
): Promise<EnrolmentRow> {
  const [row] = await tx
    .insert(enrolmentRequests)
    .values({ id: randomUUID(), ...request })
    .returning();
  if (!row) throw new Error('enrolment request not recorded');
  return row;
}

/**
 * Models in the storefront's Full catalogue, by SKU or by name: courses name their models by SKU, the demo's
 * training calendar by the name they are sold under.
 */
export function fullCatalogueModels(
  db: CrmDb,
  storefrontId: string,
  by: { skus: readonly string[] } | { names: readonly string[] },
): Promise<{ sku: string; name: string }[]> {
  const wanted = 'skus' in by ? by.skus : by.names;
  if (wanted.length === 0) return Promise.resolve([]);
  return db
    .select({ sku: catalogueItems.sku, name: catalogueItems.name })
    .from(catalogueItems)
    .innerJoin(catalogues, eq(catalogues.id, catalogueItems.catalogueId))
    .where(
      and(
        eq(catalogues.storefrontId, storefrontId),
        eq(catalogues.type, 'Full'),
        inArray('skus' in by ? catalogueItems.sku : catalogueItems.name, [...wanted]),
      ),
    );
}
