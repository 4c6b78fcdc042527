import {
  PRIORITIES,
  type RequestFieldError,
  type RequestFormField,
  requestPath,
  SUBJECT_MAX,
} from '@storefront/contracts/crm-service-requests';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { data, Form, Link, redirect, useFetcher } from 'react-router';
import {
  ATTACHMENT_ACCEPT,
  attachFile,
  attachmentProblem,
  requestAttachUrl,
} from '../../features/requests/attach';
import { type FiledRequest, fileRequest } from '../../features/requests/requests.server';
import { accountScope, crmCall } from '../../lib/crm.server';
import { readForm } from '../../lib/form.server';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/request-new';
import styles from './requests.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];
export const meta: Route.MetaFunction = () => [{ title: 'New service request' }];

/** Set by the page's script when a file waits to be sent after the request is filed. */
const ATTACHMENT_PENDING = 'attachmentPending';

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  return { form: await crmCall(session, 'getRequestForm', accountScope(session)) };
}

/**
 * Files the request and opens it; when the page's script still has a file to send, it answers the request's
 * id instead and the script sends the file before opening it.
 */
export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const body = await readForm(args.request);
  const filed = await fileRequest(session, body);
  if (!filed.ok) return data(filed, { status: 400 });
  if (body.get(ATTACHMENT_PENDING) === '1') return filed;
  return redirect(requestPath(filed.requestId));
}

export default function NewRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { form } = loaderData;
  const fetcher = useFetcher<FiledRequest>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const answer = fetcher.data ?? actionData;
  const refused = answer && !answer.ok ? answer : null;
  const errorOf = (field: string) => refused?.errors.find((error) => error.field === field)?.message ?? null;

  // Once the request is filed, its file follows; then the request opens. A refused file leaves the request
  // filed: the page says so and links to it, where another file can be attached.
  const filed = fetcher.data?.ok ? fetcher.data : null;
  const [attachRefused, setAttachRefused] = useState<string | null>(null);
  useEffect(() => {
    if (!filed || !file) return;
    attachFile(requestAttachUrl(filed.requestId), file).then((problem) => {
      if (problem) setAttachRefused(problem);
      else window.location.assign(requestPath(filed.requestId));
    });
  }, [filed, file]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!file) return;
    event.preventDefault();
    const problem = attachmentProblem(file);
    setFileError(problem);
    if (problem) return;
    const body = new FormData(event.currentTarget);
    body.set(ATTACHMENT_PENDING, '1');
    setSending(true);
    fetcher.submit(body, { method: 'post' });
  };
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok) setSending(false);
  }, [fetcher.state, fetcher.data]);

  return (
    <section className="records" aria-labelledby="new-request-heading">
      <h1 id="new-request-heading">New service request</h1>
      <p>Tell us what you need; fields marked * are required. We answer on the request’s page and by mail.</p>
      {filed && attachRefused && (
        <p role="alert" className="records__problem">
          Your request {filed.number} was filed, but the file was not attached: {attachRefused}{' '}
          <Link to={requestPath(filed.requestId)}>Open the request</Link> to attach another.
        </p>
      )}
      {refused?.problem && (
        <p role="alert" className="records__problem">
          {refused.problem}
        </p>
      )}
      {refused && refused.errors.length > 0 && (
        <p role="alert" className="records__problem">
          Check the fields marked below.
        </p>
      )}
      <Form method="post" className="request-form" noValidate onSubmit={submit}>
        <TextField
          name="subject"
          label="Subject"
          required
          maxLength={SUBJECT_MAX}
          value={refused?.values.subject}
          error={errorOf('subject')}
        />
        <Picklist
          name="priority"
          label="Priority"
          required
          options={PRIORITIES}
          value={refused?.values.priority ?? 'Medium'}
          error={errorOf('priority')}
        />
        {form.map((field) => (
          <ConfiguredField key={field.key} field={field} refused={refused} />
        ))}
        <AttachmentField
          error={fileError}
          onChange={(picked) => {
            setFile(picked);
            setFileError(picked && attachmentProblem(picked));
          }}
        />
        <div>
          <button type="submit" className="button" disabled={sending}>
            {sending ? 'Filing the request…' : 'File the request'}
          </button>
        </div>
      </Form>
    </section>
  );
}

type Refused = { errors: RequestFieldError[]; values: Record<string, string> } | null;

function ConfiguredField({ field, refused }: { field: RequestFormField; refused: Refused }) {
  const name = `field.${field.key}`;
  const error = refused?.errors.find((entry) => entry.field === name)?.message ?? null;
  const value = refused?.values[name];
  const common = { name, label: field.label, required: field.required, help: field.help, error };
  if (field.kind === 'picklist') return <Picklist {...common} options={field.options} value={value ?? ''} />;
  return (
    <TextField {...common} maxLength={field.maxLength} value={value} multiline={field.kind === 'textarea'} />
  );
}

interface FieldProps {
  name: string;
  label: string;
  required: boolean;
  help?: string | null;
  error: string | null;
}

/** The label, the help and the message beside the control, tied to it for screen readers. */
function useFieldIds(props: FieldProps) {
  const id = useId();
  const helpId = props.help ? `${id}-help` : undefined;
  const errorId = props.error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, helpId, errorId, describedBy };
}

function FieldText({ props, ids }: { props: FieldProps; ids: ReturnType<typeof useFieldIds> }) {
  return (
    <>
      {props.help && (
        <p id={ids.helpId} className="field-help">
          {props.help}
        </p>
      )}
      {props.error && (
        <p id={ids.errorId} className="field-error">
          {props.error}
        </p>
      )}
    </>
  );
}

function TextField(
  props: FieldProps & { maxLength: number; value: string | undefined; multiline?: boolean },
) {
  const ids = useFieldIds(props);
  const control = {
    id: ids.id,
    name: props.name,
    maxLength: props.maxLength,
    defaultValue: props.value,
    'aria-required': props.required,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': ids.describedBy,
  };
  return (
    <div>
      <label htmlFor={ids.id}>
        {props.label}
        {props.required && ' *'}
      </label>
      {props.multiline ? <textarea {...control} /> : <input type="text" {...control} />}
      <FieldText props={props} ids={ids} />
    </div>
  );
}

function Picklist(props: FieldProps & { options: readonly string[]; value: string }) {
  const ids = useFieldIds(props);
  return (
    <div>
      <label htmlFor={ids.id}>
        {props.label}
        {props.required && ' *'}
      </label>
      <select
        id={ids.id}
        name={props.name}
        defaultValue={props.value}
        aria-required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={ids.describedBy}
      >
        <option value="">Choose…</option>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldText props={props} ids={ids} />
    </div>
  );
}

/** The file is sent by the page's script in chunks, never in the form post (which keeps it unnamed). */
function AttachmentField({
  error,
  onChange,
}: {
  error: string | null;
  onChange: (file: File | null) => void;
}) {
  const props = {
    name: 'attachment',
    label: 'Attachment',
    required: false,
    help: 'Optional: a photo, report or document (pdf, Office files, png, jpg or svg), at most 10 MB.',
    error,
  };
  const ids = useFieldIds(props);
  return (
    <div>
      <label htmlFor={ids.id}>{props.label}</label>
      <input
        id={ids.id}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
      />
      <FieldText props={props} ids={ids} />
    </div>
  );
}
