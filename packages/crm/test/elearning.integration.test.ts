import { failureOf } from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../src/seed/seed';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

describe.each(await testEngines())('e-learning on $name', (engine) => {
  let crm: SeededCrm;
  const scope = (accountId: string) => ({ storefrontId: crm.ids.storefrontA, accountId });
  const courses = (accountId: string, modelSku?: string) =>
    crm.post('getCourses', { ...scope(accountId), modelSku });
  const detail = (accountId: string, courseId: string) =>
    crm.post('getCourseDetail', { ...scope(accountId), courseId });
  const enrol = (accountId: string, request: Record<string, unknown>) =>
    crm.post('requestEnrolment', {
      ...scope(accountId),
      contactId: 'contact-1',
      ...request,
    });
  const courseByCode = async (accountId: string, code: string) => {
    const found = (await courses(accountId)).body.courses.find((course) => course.code === code);
    if (!found) throw new Error(`no course ${code}`);
    return found;
  };

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.close());

  it("offers only the courses for the models of the account's active instruments", async () => {
    const halvorsen = await courses(crm.ids.halvorsen);
    expect(halvorsen.status).toBe(200);
    const codes = halvorsen.body.courses.map((course) => course.code);
    expect(codes).toEqual(expect.arrayContaining(['CS-101', 'CS-210', 'SP-220', 'FC-205', 'PR-101']));
    expect(codes).not.toContain('NGS-101');
    const sorting = halvorsen.body.courses.find((course) => course.code === 'CS-101');
    expect(sorting?.forInstruments).toEqual([
      { serialNumber: 'CS4-2019-00417', modelName: 'Cell Sorter, 4-way, 4-laser' },
    ]);
    expect(sorting?.nextSessions.length).toBeGreaterThan(0);

    const marlowe = await courses(crm.ids.marlowe);
    const marloweCodes = marlowe.body.courses.map((course) => course.code);
    expect(marloweCodes).toEqual(expect.arrayContaining(['NGS-101', 'NGS-210', 'PCR-110']));
    expect(marloweCodes).not.toContain('CS-101');
    // The decommissioned 2-laser teaching analyser is no reason for a course on its own.
    expect(halvorsen.body.models.map((model) => model.name)).not.toContain(
      'Benchtop Flow Cytometer, 2-laser',
    );
  });

  it('narrows the list to one of the account’s models, and to nothing for a model it does not own', async () => {
    const sorterSku = (await courseByCode(crm.ids.halvorsen, 'CS-101')).models[0]?.sku ?? '';
    const sorter = await courses(crm.ids.halvorsen, sorterSku);
    expect(sorter.body.courses.map((course) => course.code)).toEqual([
      'CS-101',
      'CS-150',
      'CS-210',
      'MT-300',
    ]);
    const sequencerSku = (await courseByCode(crm.ids.marlowe, 'NGS-101')).models[0]?.sku ?? '';
    expect((await courses(crm.ids.halvorsen, sequencerSku)).body.courses).toEqual([]);
  });

  it('records an enrolment request and shows it as requested', async () => {
    const course = await courseByCode(crm.ids.halvorsen, 'CS-210');
    const session = course.nextSessions[0];
    const { status, body } = await enrol(crm.ids.halvorsen, {
      courseId: course.id,
      sessionId: session?.id,
      attendees: 2,
      message: 'Two operators for the single-cell project.',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'Requested', attendees: 2, courseTitle: course.title });
    expect(body.session?.seatsLeft).toBe((session?.seatsLeft ?? 0) - 2);
    const shown = await detail(crm.ids.halvorsen, course.id);
    expect(shown.body.enrolments.map((enrolment) => enrolment.id)).toEqual([body.id]);
    expect(shown.body.course.requested).toBe(true);
    const read = await crm.post('getEnrolmentRequest', {
      ...scope(crm.ids.halvorsen),
      enrolmentId: body.id,
    });
    expect(read.body).toEqual(body);
  });

  it("refuses another account's enrolment request with 403 and an unknown one with 404", async () => {
    const course = await courseByCode(crm.ids.marlowe, 'NGS-101');
    const { body } = await enrol(crm.ids.marlowe, { courseId: course.id, attendees: 1, message: '' });
    const other = await crm.post('getEnrolmentRequest', {
      ...scope(crm.ids.halvorsen),
      enrolmentId: body.id,
    });
    expect(other.status).toBe(403);
    expect(failureOf(other.body).errorCode).toBe('FORBIDDEN');
    // Nor does another account see it among the course's requests.
    expect((await detail(crm.ids.halvorsen, course.id)).body.enrolments).toEqual([]);
    const unknown = await crm.post('getEnrolmentRequest', {
      ...scope(crm.ids.halvorsen),
      enrolmentId: 'nope',
    });
    expect(unknown.status).toBe(404);
    expect((await courses(crm.ids.kestrel)).status).toBe(403);
  });

  it('refuses more attendees than the session has seats, a session of another course, and one for a self-paced course', async () => {
    const course = await courseByCode(crm.ids.halvorsen, 'CS-101');
    const session = course.nextSessions[0];
    const full = await enrol(crm.ids.halvorsen, {
      courseId: course.id,
      sessionId: session?.id,
      attendees: 9,
      message: '',
    });
    expect(full.status).toBe(409);
    expect(failureOf(full.body)).toMatchObject({
      errorCode: 'SESSION_NOT_AVAILABLE',
      field: 'sessionId',
      message: 'sessionId: only 8 seats are left in this session; choose another or fewer attendees.',
    });
    const other = await courseByCode(crm.ids.halvorsen, 'SP-220');
    const wrong = await enrol(crm.ids.halvorsen, {
      courseId: course.id,
      sessionId: other.nextSessions[0]?.id,
      attendees: 1,
      message: '',
    });
    expect(failureOf(wrong.body).message).toBe('sessionId: this is not a session of the course.');
    const selfPaced = await courseByCode(crm.ids.halvorsen, 'SP-110');
    const none = await enrol(crm.ids.halvorsen, {
      courseId: selfPaced.id,
      sessionId: session?.id,
      attendees: 1,
      message: '',
    });
    expect(none.status).toBe(409);
    const tooMany = await enrol(crm.ids.halvorsen, { courseId: course.id, attendees: 13, message: '' });
    expect(tooMany.status).toBe(400);
    expect(failureOf(tooMany.body).field).toBe('attendees');
  });

  it('gives two parallel requests for the last seats one seat count', async () => {
    const course = await courseByCode(crm.ids.halvorsen, 'MT-300');
    const session = course.nextSessions[1];
    const answers = await Promise.all(
      [5, 5].map((attendees) =>
        enrol(crm.ids.halvorsen, { courseId: course.id, sessionId: session?.id, attendees, message: '' }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it('seeds the calendar once: a second start adds no course', async () => {
    const before = (await courses(crm.ids.halvorsen)).body.courses.length;
    await seedDemoIfEmpty(crm.database);
    expect((await courses(crm.ids.halvorsen)).body.courses).toHaveLength(before);
  });
});
