import type { Course, CourseSession } from '@storefront/contracts/crm-elearning';
import { formatDay } from '../../lib/format';

const hours = (count: number) => (count === 1 ? '1 hour' : `${count} hours`);

/** Level, format and duration: what a lab manager weighs first. */
export function CourseFacts({ course }: { course: Course }) {
  return (
    <p className="record-meta">
      <span className="record-status">{course.format}</span>
      <span>{course.level}</span>
      <span>{hours(course.durationHours)}</span>
      <span>{course.code}</span>
    </p>
  );
}

/** A session's dates, place and free seats. */
export function sessionLabel(session: CourseSession): string {
  const dates =
    session.startsOn === session.endsOn
      ? formatDay(session.startsOn)
      : `${formatDay(session.startsOn)} – ${formatDay(session.endsOn)}`;
  const seats = session.seatsLeft === 0 ? 'full' : `${session.seatsLeft} seats left`;
  return `${dates}, ${session.location} (${seats})`;
}
