import {
  type Attachment,
  attachmentPath,
  type RecordComment,
} from '@storefront/contracts/crm-service-requests';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { AttachmentLink } from '../../components/AttachmentLink';
import { formatCount, formatMoment } from '../../lib/format';

/** A status filter of a list: a plain GET form, so the filter is in the URL and works without script. */
export function StatusFilter({
  statuses,
  current,
  label,
}: {
  statuses: readonly string[];
  current: string | null;
  label: string;
}) {
  return (
    <Form method="get" className="records__filter">
      <div>
        <label htmlFor="status-filter">{label}</label>
        <select id="status-filter" name="status" defaultValue={current ?? ''}>
          <option value="">All statuses</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--secondary">
        Filter
      </button>
    </Form>
  );
}

export function Comments({ comments }: { comments: RecordComment[] }) {
  if (comments.length === 0) return <p>No comments yet.</p>;
  return (
    <ol className="comments">
      {comments.map((comment) => (
        <li key={comment.id} className={`comment comment--${comment.author}`}>
          <strong>
            {comment.author === 'support' ? `${comment.authorName} (support)` : comment.authorName}
          </strong>{' '}
          <span className="record-meta">{formatMoment(comment.createdAt)}</span>
          <p>{comment.body}</p>
        </li>
      ))}
    </ol>
  );
}

const kilobytes = (size: number) => `${formatCount(Math.max(1, Math.round(size / 1024)))} KB`;

/** Each file as a link, shown in the browser or downloaded (the storefront serves it only to the account). */
export function Attachments({ attachments }: { attachments: Attachment[] }) {
  if (attachments.length === 0) return <p>No attachments.</p>;
  return (
    <ul className="attachments">
      {attachments.map((file) => (
        <li key={file.id}>
          <AttachmentLink
            href={attachmentPath(file.id)}
            fileName={file.fileName}
            contentType={file.contentType}
          />{' '}
          <span className="record-meta">
            {kilobytes(file.size)} · {formatMoment(file.uploadedAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Text longer than a column holds on one line (about 32 characters at a desktop's four columns) reads as a
 * paragraph: its fact gets a row of its own rather than a narrow column.
 */
const LONG_FACT = 32;

/** Whether an answer is a paragraph rather than a value. */
export const isLongText = (text: string) => text.length > LONG_FACT || text.includes('\n');

/** One fact of a record's summary list; a wide one (a description) takes the whole row. */
export function Fact({
  term,
  wide = false,
  children,
}: {
  term: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'record-facts__wide' : undefined}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The page of one request or case: the way back to its list, its number and subject, its status and priority
 * and then the record's own facts, followed by its sections.
 */
export function RecordPage({
  record,
  back,
  facts,
  children,
}: {
  record: { number: string; subject: string; status: string; priority: string };
  back: { to: string; label: string };
  facts: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="records" aria-labelledby="record-heading">
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
      <h1 id="record-heading">
        {record.number}: {record.subject}
      </h1>
      <dl className="record-facts">
        <Fact term="Status">
          <span className="record-status">{record.status}</span>
        </Fact>
        <Fact term="Priority">{record.priority}</Fact>
        {facts}
      </dl>
      {children}
    </article>
  );
}

/** A titled section of a record's page. */
export function RecordSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="record-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
