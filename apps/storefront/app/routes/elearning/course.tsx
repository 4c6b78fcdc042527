import type { EnrolmentRequest } from '@storefront/contracts/crm-elearning';
import { ENROLMENT_MESSAGE_MAX, MAX_ATTENDEES } from '@storefront/contracts/crm-elearning';
import type { ReactNode } from 'react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { CourseFacts, sessionLabel } from '../../features/elearning/CourseFacts';
import { courseDetail, requestEnrolment } from '../../features/elearning/elearning.server';
import { Fact } from '../../features/requests/RecordParts';
import { readForm } from '../../lib/form.server';
import { formatMoment } from '../../lib/format';
import { requireAccountSession } from '../../lib/storefront.server';
import recordStyles from '../billing/requests.css?url';
import type { Route } from './+types/course';
import styles from './elearning.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: recordStyles },
  { rel: 'stylesheet', href: styles },
];
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? loaderData.course.title : 'Course' },
];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const { course, enrolments } = await courseDetail(session, args.params.courseId);
  return { course, enrolments, requested: session.url.searchParams.get('requested') };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const result = await requestEnrolment(session, args.params.courseId, await readForm(args.request));
  if (result.ok)
    throw redirect(`/elearning/${args.params.courseId}?requested=${result.enrolmentId}#your-requests`);
  return result;
}

export default function CoursePage({ loaderData, actionData }: Route.ComponentProps) {
  const { course, enrolments, requested } = loaderData;
  return (
    <article className="records course" aria-labelledby="course-heading">
      <p>
        <Link to="/elearning">All courses for your instruments</Link>
      </p>
      <h1 id="course-heading">{course.title}</h1>
      <CourseFacts course={course} />
      <p className="course__summary">{course.summary}</p>
      <dl className="record-facts">
        <Fact term="Instruments">{course.models.map((model) => model.name).join(', ')}</Fact>
        <Fact term="Your instruments">
          {course.forInstruments.length === 0
            ? 'None of your instruments'
            : course.forInstruments.map((instrument) => instrument.serialNumber).join(', ')}
        </Fact>
        <Fact term="About the course" wide>
          {course.description}
        </Fact>
      </dl>
      <section className="record-section" aria-labelledby="objectives-heading">
        <h2 id="objectives-heading">You will learn to</h2>
        <ul>
          {course.objectives.map((objective) => (
            <li key={objective}>{objective}</li>
          ))}
        </ul>
      </section>
      <section className="record-section" aria-labelledby="sessions-heading">
        <h2 id="sessions-heading">Sessions</h2>
        {course.format === 'Self-paced' ? (
          <p>Self-paced online: start any time once your enrolment is confirmed.</p>
        ) : course.sessions.length === 0 ? (
          <p>No sessions are scheduled; request enrolment and the training team will propose dates.</p>
        ) : (
          <ul>
            {course.sessions.map((session) => (
              <li key={session.id}>{sessionLabel(session)}</li>
            ))}
          </ul>
        )}
      </section>
      <Enrolments enrolments={enrolments} requested={requested} />
      {/* A recorded request starts a blank form, so it is not sent twice by accident. */}
      <EnrolmentForm key={requested ?? 'new'} course={course} result={actionData} />
    </article>
  );
}

function Enrolments({ enrolments, requested }: { enrolments: EnrolmentRequest[]; requested: string | null }) {
  if (enrolments.length === 0) return null;
  const justRequested = enrolments.some((enrolment) => enrolment.id === requested);
  return (
    <section className="record-section" aria-labelledby="your-requests">
      <h2 id="your-requests">Your enrolment requests</h2>
      {justRequested && (
        <p role="status" className="course__confirmation">
          Your request is recorded. The training team will confirm the seats by email.
        </p>
      )}
      <ul className="record-list">
        {enrolments.map((enrolment) => (
          <li key={enrolment.id}>
            <p className="record-meta">
              <span className="record-status">{enrolment.status}</span>
              <span>{enrolment.attendees === 1 ? '1 attendee' : `${enrolment.attendees} attendees`}</span>
              <span>Sent {formatMoment(enrolment.createdAt)}</span>
            </p>
            <p>{enrolment.session ? sessionLabel(enrolment.session) : 'No preferred session'}</p>
            {enrolment.message && <p className="course__message">{enrolment.message}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

type FormResult = Route.ComponentProps['actionData'];

function EnrolmentForm({
  course,
  result,
}: {
  course: Route.ComponentProps['loaderData']['course'];
  result: FormResult;
}) {
  const busy = useNavigation().state === 'submitting';
  const failed = result && !result.ok ? result : null;
  const errors = failed?.errors ?? {};
  const values = failed?.values ?? {};
  return (
    <section className="record-section" aria-labelledby="enrol-heading">
      <h2 id="enrol-heading">Request enrolment</h2>
      <Form method="post" className="request-form" noValidate>
        {failed?.problem && (
          <p role="alert" className="records__problem">
            {failed.problem}
          </p>
        )}
        <FormRow
          field="attendees"
          label="Attendees"
          help={`How many people from your lab, 1 to ${MAX_ATTENDEES}.`}
          error={errors.attendees}
        >
          {(aria) => (
            <input
              {...aria}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_ATTENDEES}
              defaultValue={values.attendees ?? '1'}
            />
          )}
        </FormRow>
        {course.format !== 'Self-paced' && (
          <FormRow
            field="sessionId"
            label="Preferred session"
            help="With no preference, the training team proposes dates."
            error={errors.sessionId}
          >
            {(aria) => (
              <select {...aria} defaultValue={values.sessionId ?? ''}>
                <option value="">No preference</option>
                {course.sessions.map((session) => (
                  <option key={session.id} value={session.id} disabled={session.seatsLeft === 0}>
                    {sessionLabel(session)}
                  </option>
                ))}
              </select>
            )}
          </FormRow>
        )}
        <FormRow field="message" label="Message to the training team (optional)" error={errors.message}>
          {(aria) => (
            <textarea
              {...aria}
              rows={4}
              maxLength={ENROLMENT_MESSAGE_MAX}
              defaultValue={values.message ?? ''}
            />
          )}
        </FormRow>
        <button type="submit" className="button" disabled={busy}>
          Request enrolment
        </button>
      </Form>
    </section>
  );
}

interface FieldAttributes {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A field with its label, its help and its message beside it, which the field names as its description. */
function FormRow({
  field,
  label,
  help,
  error,
  children,
}: {
  field: string;
  label: string;
  help?: string;
  error: string | undefined;
  children: (attributes: FieldAttributes) => ReactNode;
}) {
  const helpId = help ? `${field}-help` : undefined;
  const errorId = error ? `${field}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={field}>{label}</label>
      {help && (
        <p id={helpId} className="field-help">
          {help}
        </p>
      )}
      {children({
        id: field,
        name: field,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
