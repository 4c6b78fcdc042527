import { Link } from 'react-router';
import type { BlockProps } from '../types';

/** One record's fields as a description list, or why there is none to show. */
export function RecordDetail({ fields, data }: BlockProps<'recordDetail'>) {
  const heading = fields.heading || 'Record';
  return (
    <section className="record-detail">
      <h1>{heading}</h1>
      {data.record ? (
        <dl className="record-detail__fields">
          {data.record.fields.map((field) => (
            <div key={field.label} className="record-detail__field">
              <dt>{field.label}</dt>
              <dd>{field.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p role="alert" className="record-detail__problem">
          {data.problem}
        </p>
      )}
      {data.listHref && (
        <p>
          <Link to={data.listHref}>Back to the list</Link>
        </p>
      )}
    </section>
  );
}
