import { COMMENT_MAX } from '@storefront/contracts/crm-service-requests';
import { pageNotFoundMessage } from '@storefront/contracts/page-not-found';
import { useEffect, useRef, useState } from 'react';
import { data, Form, useNavigation, useRevalidator } from 'react-router';
import { z } from 'zod';
import {
  ATTACHMENT_ACCEPT,
  attachFile,
  attachmentProblem,
  requestAttachUrl,
} from '../../features/requests/attach';
import {
  Attachments,
  Comments,
  Fact,
  isLongText,
  RecordPage,
  RecordSection,
} from '../../features/requests/RecordParts';
import { authorOf, ownRecord, recordId } from '../../features/requests/requests.server';
import { accountScope, crmCall } from '../../lib/crm.server';
import { readForm } from '../../lib/form.server';
import { formatMoment } from '../../lib/format';
import { GatewayCallError } from '../../lib/gateway';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/request-detail';
import styles from './requests.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.request.number}: ${loaderData.request.subject}` : 'Service request' },
];

/** P§2's request-{requestId}: anything else under /billing/requests/ is not a page. */
function requestIdOf(session: { url: URL }, slug: string): string {
  const id = recordId.safeParse(slug.startsWith('request-') ? slug.slice('request-'.length) : '');
  if (!id.success) throw data({ message: pageNotFoundMessage(session.url.pathname) }, { status: 404 });
  return id.data;
}

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const requestId = requestIdOf(session, args.params.requestSlug);
  const request = await ownRecord(
    () => crmCall(session, 'getServiceRequest', { ...accountScope(session), requestId }),
    'request',
  );
  return { request };
}

const comment = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write a comment first.')
    .max(COMMENT_MAX, `A comment may be at most ${COMMENT_MAX} characters.`),
});

/** A comment from the customer; the CRM checks the request is the account's. */
export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const requestId = requestIdOf(session, args.params.requestSlug);
  const parsed = comment.safeParse({ body: (await readForm(args.request)).get('body') ?? '' });
  if (!parsed.success) return data({ problem: parsed.error.issues[0]?.message ?? null }, { status: 400 });
  try {
    await crmCall(session, 'addRequestComment', {
      ...accountScope(session),
      requestId,
      authorName: authorOf(session),
      body: parsed.data.body,
    });
    return { problem: null };
  } catch (error) {
    if (!(error instanceof GatewayCallError) || error.status >= 500) throw error;
    return data({ problem: error.message.replace(/^[\w.]+: /, '') }, { status: error.status });
  }
}

export default function RequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { request } = loaderData;
  const navigation = useNavigation();
  const posting = navigation.state === 'submitting';
  const form = useRef<HTMLFormElement>(null);
  // A comment sent clears the box; one refused keeps what was typed beside its message.
  useEffect(() => {
    if (!posting && actionData && !actionData.problem) form.current?.reset();
  }, [posting, actionData]);
  return (
    <RecordPage
      record={request}
      back={{ to: '/billing/requests', label: 'All service requests' }}
      facts={
        <>
          <Fact term="Filed">{formatMoment(request.createdAt)}</Fact>
          <Fact term="Filed by">{request.createdBy}</Fact>
          {request.fields.map((field) => (
            <Fact key={field.key} term={field.label} wide={isLongText(field.value)}>
              {field.value}
            </Fact>
          ))}
        </>
      }
    >
      <RecordSection id="history-heading" title="Status history">
        <ol className="timeline">
          {request.history.map((entry) => (
            <li key={`${entry.at}-${entry.status}`}>
              <span className="record-status">{entry.status}</span> {formatMoment(entry.at)}
              {entry.note && <span className="record-meta">{entry.note}</span>}
            </li>
          ))}
        </ol>
      </RecordSection>

      <RecordSection id="attachments-heading" title="Attachments">
        <Attachments attachments={request.attachments} />
        <AttachControl requestId={request.id} />
      </RecordSection>

      <RecordSection id="comments-heading" title="Comments">
        <Comments comments={request.comments} />
        <Form method="post" className="comment-form" ref={form}>
          <label htmlFor="comment-body">Add a comment</label>
          <textarea
            id="comment-body"
            name="body"
            maxLength={COMMENT_MAX}
            aria-invalid={actionData?.problem ? true : undefined}
            aria-describedby={actionData?.problem ? 'comment-error' : undefined}
          />
          {actionData?.problem && (
            <p id="comment-error" className="field-error">
              {actionData.problem}
            </p>
          )}
          <div>
            <button type="submit" className="button" disabled={posting}>
              Add comment
            </button>
          </div>
        </Form>
      </RecordSection>
    </RecordPage>
  );
}

/** Attaches a further file in the CRM's chunks; the list follows once it is stored. */
function AttachControl({ requestId }: { requestId: string }) {
  const revalidator = useRevalidator();
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const onChange = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    const refused = attachmentProblem(file);
    setProblem(refused);
    if (refused) return;
    setSending(true);
    const answer = await attachFile(requestAttachUrl(requestId), file);
    setSending(false);
    setProblem(answer);
    input.value = '';
    if (!answer) await revalidator.revalidate();
  };
  return (
    <div className="comment-form">
      <label htmlFor="attach-file">Attach a file</label>
      <input
        id="attach-file"
        type="file"
        accept={ATTACHMENT_ACCEPT}
        disabled={sending}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'attach-error' : 'attach-help'}
        onChange={(event) => onChange(event.currentTarget)}
      />
      <p id="attach-help" className="field-help">
        {sending ? 'Sending the file…' : 'pdf, Office files, png, jpg or svg, at most 10 MB.'}
      </p>
      {problem && (
        <p id="attach-error" role="alert" className="field-error">
          The file was not attached: {problem}
        </p>
      )}
    </div>
  );
}
