import { Form, Link } from 'react-router';
import { CourseFacts, sessionLabel } from '../../features/elearning/CourseFacts';
import { listCourses } from '../../features/elearning/elearning.server';
import { requireAccountSession } from '../../lib/storefront.server';
import recordStyles from '../billing/requests.css?url';
import type { Route } from './+types/courses';
import styles from './elearning.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: recordStyles },
  { rel: 'stylesheet', href: styles },
];
export const meta: Route.MetaFunction = () => [{ title: 'Training for your instruments' }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const model = session.url.searchParams.get('model');
  return { ...(await listCourses(session, model)), model };
}

export default function CoursesPage({ loaderData }: Route.ComponentProps) {
  const { courses, models, model } = loaderData;
  return (
    <section className="records" aria-labelledby="courses-heading">
      <h1 id="courses-heading">Training for your instruments</h1>
      <p>
        Courses for the instruments your lab owns: on-site at our training centre, live online, or self-paced.
      </p>
      {models.length > 0 && (
        <Form method="get" className="records__filter">
          <div>
            <label htmlFor="model-filter">Instrument</label>
            <select id="model-filter" name="model" defaultValue={model ?? ''}>
              <option value="">All your instruments</option>
              {models.map((option) => (
                <option key={option.sku} value={option.sku}>
                  {option.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--secondary">
            Show courses
          </button>
        </Form>
      )}
      {courses.length === 0 ? (
        <p className="courses__empty">
          {models.length === 0
            ? 'Your account has no instruments registered with us yet, so there are no courses to show.'
            : 'There are no courses for this instrument yet.'}
        </p>
      ) : (
        <ul className="record-list courses">
          {courses.map((course) => (
            <li key={course.id}>
              <h2 className="courses__title">
                <Link to={`/elearning/${course.id}`}>{course.title}</Link>
                {course.requested && <span className="record-status courses__requested">Requested</span>}
              </h2>
              <CourseFacts course={course} />
              <p>{course.summary}</p>
              <p className="courses__for">
                For your{' '}
                {course.forInstruments
                  .map((instrument) => `${instrument.modelName} (${instrument.serialNumber})`)
                  .join(', ')}
              </p>
              {course.format === 'Self-paced' ? (
                <p className="courses__sessions">Start any time.</p>
              ) : course.nextSessions.length === 0 ? (
                <p className="courses__sessions">No sessions scheduled; ask for one.</p>
              ) : (
                <div className="courses__sessions">
                  <h3>Next sessions</h3>
                  <ul>
                    {course.nextSessions.map((session) => (
                      <li key={session.id}>{sessionLabel(session)}</li>
                    ))}
                  </ul>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
