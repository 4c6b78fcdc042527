import type { Course, CourseSession, EnrolmentRequest } from '@storefront/contracts';
import { CrmHttpError, forbidden, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { accountScope } from '../../core/scope';
import { listInstallBase } from '../../install-base';
import {
  type CourseRow,
  type EnrolmentRow,
  findCourse,
  findEnrolment,
  findSession,
  fullCatalogueModels,
  insertEnrolment,
  listCourses,
  listEnrolments,
  listUpcomingSessions,
  lockSession,
  requestedCourseIds,
  type SessionRow,
} from '../queries/elearning';

/** How many sessions a course's card shows. */
const NEXT_SESSIONS = 3;

function toSession({ courseId: _courseId, ...session }: SessionRow): CourseSession {
  return session;
}

/** The account's active instruments: what courses are offered for. */
async function activeInstruments(ctx: HandlerContext, accountId: string) {
  return (await listInstallBase(ctx.db, accountId)).filter((instrument) => instrument.status === 'Active');
}

/** Courses as the account sees them: their models' names, its instruments they are for, sessions, requests. */
async function courseViews(
  ctx: HandlerContext,
  storefrontId: string,
  accountId: string,
  rows: readonly CourseRow[],
): Promise<(Course & { sessions: CourseSession[] })[]> {
  const [instruments, sessions, requested, names] = await Promise.all([
    activeInstruments(ctx, accountId),
    listUpcomingSessions(
      ctx.db,
      rows.map((row) => row.id),
      ctx.today,
    ),
    requestedCourseIds(ctx.db, accountId),
    fullCatalogueModels(ctx.db, storefrontId, {
      skus: [...new Set(rows.flatMap((row) => row.modelSkus))],
    }).then((models) => new Map(models.map((model) => [model.sku, model.name]))),
  ]);
  return rows.map((row) => {
    const own = sessions.filter((session) => session.courseId === row.id).map(toSession);
    return {
      id: row.id,
      code: row.code,
      title: row.title,
      summary: row.summary,
      level: row.level,
      format: row.format,
      durationHours: row.durationHours,
      models: row.modelSkus.flatMap((sku) => {
        const name = names.get(sku);
        return name ? [{ sku, name }] : [];
      }),
      forInstruments: instruments
        .filter((instrument) => row.modelSkus.includes(instrument.modelSku))
        .map(({ serialNumber, modelName }) => ({ serialNumber, modelName })),
      nextSessions: own.slice(0, NEXT_SESSIONS),
      sessions: own,
      requested: requested.has(row.id),
    };
  });
}

/** The courses for the models of the account's active instruments (narrowed to one model when asked). */
export const getCourses: Handler<'getCourses'> = async (ctx, payload) => {
  const { account } = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const instruments = await activeInstruments(ctx, account.id);
  const owned = new Set(instruments.map((instrument) => instrument.modelSku));
  const wanted = payload.modelSku ? new Set([payload.modelSku].filter((sku) => owned.has(sku))) : owned;
  const rows = (await listCourses(ctx.db, payload.storefrontId)).filter((row) =>
    row.modelSkus.some((sku) => wanted.has(sku)),
  );
  const views = await courseViews(ctx, payload.storefrontId, account.id, rows);
  const models = [
    ...new Map(instruments.map((i) => [i.modelSku, { sku: i.modelSku, name: i.modelName }])).values(),
  ];
  return {
    courses: views.map(({ sessions: _sessions, ...course }) => course),
    models: models.sort((a, b) => a.name.localeCompare(b.name)),
  };
};

/** The course of this storefront, else 404. */
async function storefrontCourse(
  ctx: HandlerContext,
  storefrontId: string,
  courseId: string,
): Promise<CourseRow> {
  const row = await findCourse(ctx.db, courseId);
  if (!row || row.storefrontId !== storefrontId)
    throw notFound('there is no course with this id.', 'courseId');
  return row;
}

async function toEnrolment(
  ctx: HandlerContext,
  row: EnrolmentRow,
  courseTitle: string,
): Promise<EnrolmentRequest> {
  const session = row.sessionId ? await findSession(ctx.db, row.sessionId) : undefined;
  return {
    id: row.id,
    courseId: row.courseId,
    courseTitle,
    session: session ? toSession(session) : null,
    attendees: row.attendees,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

export const getCourseDetail: Handler<'getCourseDetail'> = async (ctx, payload) => {
  const { account } = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const row = await storefrontCourse(ctx, payload.storefrontId, payload.courseId);
  const [[view], enrolments] = await Promise.all([
    courseViews(ctx, payload.storefrontId, account.id, [row]),
    listEnrolments(ctx.db, account.id, row.id),
  ]);
  if (!view) throw new Error(`course ${row.id} vanished while being read`);
  return {
    course: { ...view, description: row.description, objectives: row.objectives },
    enrolments: await Promise.all(enrolments.map((enrolment) => toEnrolment(ctx, enrolment, row.title))),
  };
};

const sessionRefused = (problem: string) =>
  new CrmHttpError(409, 'SESSION_NOT_AVAILABLE', problem, 'sessionId');

/**
 * Records the request. A preferred session must be an upcoming one of the course with the seats asked for,
 * counted under the session's lock; a self-paced course has none, and a request without one leaves the date
 * to the training team.
 */
export const requestEnrolment: Handler<'requestEnrolment'> = async (ctx, payload) => {
  const { account } = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const course = await storefrontCourse(ctx, payload.storefrontId, payload.courseId);
  const { sessionId } = payload;
  if (sessionId && course.format === 'Self-paced') {
    throw sessionRefused('a self-paced course has no sessions; leave the session out.');
  }
  return ctx.db.transaction(async (db) => {
    if (sessionId) {
      await lockSession(db, sessionId);
      const session = await findSession(db, sessionId);
      if (!session || session.courseId !== course.id)
        throw sessionRefused('this is not a session of the course.');
      if (session.startsOn < ctx.today)
        throw sessionRefused('this session has already started; choose a later one.');
      if (session.seatsLeft < payload.attendees) {
        const left = session.seatsLeft === 0 ? 'no seats are' : `only ${session.seatsLeft} seats are`;
        throw sessionRefused(`${left} left in this session; choose another or fewer attendees.`);
      }
    }
    const row = await insertEnrolment(db, {
      storefrontId: payload.storefrontId,
      accountId: account.id,
      contactId: payload.contactId ?? null,
      courseId: course.id,
      sessionId: sessionId ?? null,
      attendees: payload.attendees,
      message: payload.message,
    });
    return toEnrolment({ ...ctx, db }, row, course.title);
  });
};

export const getEnrolmentRequest: Handler<'getEnrolmentRequest'> = async (ctx, payload) => {
  const { account } = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const row = await findEnrolment(ctx.db, payload.enrolmentId);
  if (!row) throw notFound('there is no enrolment request with this id.', 'enrolmentId');
  if (row.accountId !== account.id || row.storefrontId !== payload.storefrontId) throw forbidden();
  const course = await storefrontCourse(ctx, payload.storefrontId, row.courseId);
  return toEnrolment(ctx, row, course.title);
};
