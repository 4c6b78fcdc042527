import {
  articlePath,
  type CaseCreationDetails,
  KNOWLEDGE_SEARCH_DEBOUNCE_MS,
  SYMPTOMS_MIN,
} from '@storefront/contracts/crm-knowledge';
import { casePath } from '@storefront/contracts/crm-service-requests';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { data, Form, Link, redirect, useFetcher } from 'react-router';
import {
  ATTACHMENT_ACCEPT,
  attachFile,
  attachmentProblem,
  caseAttachUrl,
} from '../../features/requests/attach';
import { ArticleCard } from '../../features/support/ArticleCard';
import {
  type CaseFiling,
  caseCreationDetails,
  fileCase,
  searchKnowledge,
} from '../../features/support/support.server';
import { readForm } from '../../lib/form.server';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/support';
import styles from './support.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];
export const meta: Route.MetaFunction = () => [{ title: 'Support' }];

/** Set by the page's script when a photo waits to be sent after the case is filed. */
const ATTACHMENT_PENDING = 'attachmentPending';

/** The symptoms and instrument of the address (a search without script, or a return from an article). */
function readChoice(url: URL, details: CaseCreationDetails) {
  const symptoms = (url.searchParams.get('symptoms') ?? '').trim();
  const instrument = details.instruments.find((row) => row.id === url.searchParams.get('instrument'));
  return { symptoms, instrumentId: instrument?.id ?? '', modelSku: instrument?.modelSku ?? '' };
}

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const details = await caseCreationDetails(session);
  const choice = readChoice(args.url, details);
  const articles = await searchKnowledge(session, choice);
  return { details, choice, articles };
}

/** Files the case and opens it; when the script still has a photo to send, answers the case's id instead. */
export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const body = await readForm(args.request);
  const filed = await fileCase(session, body);
  if (!filed.ok) return data(filed, { status: 400 });
  if (body.get(ATTACHMENT_PENDING) === '1') return filed;
  return redirect(casePath(filed.caseId));
}

/** The search's address: the resource route the script asks as the buyer types, or this page without script. */
const searchQuery = (symptoms: string, instrumentId: string, modelSku: string) =>
  new URLSearchParams({ symptoms, instrument: instrumentId, model: modelSku }).toString();

export default function SupportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { details, choice } = loaderData;
  const [symptoms, setSymptoms] = useState(choice.symptoms);
  const [instrumentId, setInstrumentId] = useState(choice.instrumentId);
  const modelSku = details.instruments.find((row) => row.id === instrumentId)?.modelSku ?? '';
  const search = useFetcher<{ articles: typeof loaderData.articles }>();
  const first = useRef(true);
  useEffect(() => {
    // The first render shows the loader's results; later changes search after a pause in typing.
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => {
      if (symptoms.trim().length >= SYMPTOMS_MIN)
        search.load(`/support/search?${searchQuery(symptoms.trim(), instrumentId, modelSku)}`);
    }, KNOWLEDGE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [symptoms, instrumentId, modelSku, search.load]);
  const tooShort = symptoms.trim().length < SYMPTOMS_MIN;
  const articles = tooShort ? [] : (search.data?.articles ?? loaderData.articles);
  const back = searchQuery(symptoms.trim(), instrumentId, modelSku);

  return (
    <section className="support" aria-labelledby="support-heading">
      <h1 id="support-heading">Support</h1>
      <p>
        Describe what your instrument does. Troubleshooting articles that match appear as you type; when none
        helps, open a case below.
      </p>
      <Form method="get" className="support-search" role="search" aria-label="Knowledge articles">
        <InstrumentSelect
          details={details}
          value={instrumentId}
          onChange={setInstrumentId}
          label="Instrument"
          help="Optional: only articles for its model."
        />
        <div>
          <label htmlFor="support-symptoms">Symptoms</label>
          <textarea
            id="support-symptoms"
            name="symptoms"
            rows={3}
            value={symptoms}
            aria-describedby="support-symptoms-help"
            onChange={(event) => setSymptoms(event.currentTarget.value)}
          />
          <p id="support-symptoms-help" className="field-help">
            For example: clogged flow cell, high event rate.
          </p>
        </div>
        <div>
          <button type="submit" className="button">
            Search articles
          </button>
        </div>
      </Form>
      <div aria-live="polite" className="support-results">
        {!tooShort && (
          <h2>
            {articles.length === 0
              ? 'No article matches these symptoms'
              : `${articles.length} ${articles.length === 1 ? 'article matches' : 'articles match'}`}
          </h2>
        )}
        {articles.length > 0 && (
          <ol className="support-results__list">
            {articles.map((article) => (
              <ArticleCard key={article.id} article={article} href={`${articlePath(article.id)}?${back}`} />
            ))}
          </ol>
        )}
      </div>
      <CaseForm
        details={details}
        symptoms={symptoms}
        instrumentId={instrumentId}
        refused={actionData && !actionData.ok ? actionData : null}
      />
    </section>
  );
}

function InstrumentSelect(props: {
  details: CaseCreationDetails;
  value: string;
  onChange: (value: string) => void;
  label: string;
  help?: string;
  error?: string | null;
  name?: string;
}) {
  const id = useId();
  const describedBy = [props.help && `${id}-help`, props.error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        name={props.name ?? 'instrument'}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        <option value="">{props.name ? 'Choose…' : 'Any instrument'}</option>
        {props.details.instruments.map((row) => (
          <option key={row.id} value={row.id}>
            {row.modelName} · {row.serialNumber}
          </option>
        ))}
      </select>
      <FieldNotes id={id} help={props.help} error={props.error} />
    </div>
  );
}

type Refused = Extract<CaseFiling, { ok: false }>;

/**
 * "Still need help?": the case form, pre-filled with the search's symptoms and instrument until the buyer
 * edits its own. The photo is sent by the script in chunks after the case is filed; without script the case
 * is filed without it.
 */
function CaseForm(props: {
  details: CaseCreationDetails;
  symptoms: string;
  instrumentId: string;
  refused: Refused | null;
}) {
  const { details, refused } = props;
  const [edited, setEdited] = useState<{ symptoms?: string; instrumentId?: string }>(
    refused ? { symptoms: refused.values.symptoms, instrumentId: refused.values.instrumentId } : {},
  );
  const symptoms = edited.symptoms ?? props.symptoms;
  const instrumentId = edited.instrumentId ?? props.instrumentId;
  const filing = useFetcher<CaseFiling>();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [attachRefused, setAttachRefused] = useState<string | null>(null);
  const answer = filing.data && !filing.data.ok ? filing.data : refused;
  const filed = filing.data?.ok ? filing.data : null;
  useEffect(() => {
    if (!filed || !photo) return;
    attachFile(caseAttachUrl(filed.caseId), photo).then((problem) => {
      if (problem) setAttachRefused(problem);
      else window.location.assign(casePath(filed.caseId));
    });
  }, [filed, photo]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!photo) return;
    event.preventDefault();
    const problem = attachmentProblem(photo);
    setPhotoError(problem);
    if (problem) return;
    const body = new FormData(event.currentTarget);
    body.set(ATTACHMENT_PENDING, '1');
    filing.submit(body, { method: 'post' });
  };
  const sending = filing.state !== 'idle' || (filed !== null && attachRefused === null);
  const errorOf = (key: string) => answer?.errors[key] ?? null;

  if (!details.enabled) {
    return (
      <section className="support-case" aria-labelledby="case-heading">
        <h2 id="case-heading">Still need help?</h2>
        <p>{details.reason}</p>
      </section>
    );
  }
  return (
    <section className="support-case" aria-labelledby="case-heading">
      <h2 id="case-heading">Still need help? Open a case</h2>
      <p>Support answers on the case and by mail; fields marked * are required.</p>
      {filed && attachRefused && (
        <p role="alert" className="support__problem">
          Your case {filed.number} was opened, but the photo was not attached: {attachRefused}{' '}
          <Link to={casePath(filed.caseId)}>Open the case</Link>.
        </p>
      )}
      {answer?.problem && (
        <p role="alert" className="support__problem">
          {answer.problem}
        </p>
      )}
      <Form method="post" className="support-case__form" noValidate onSubmit={submit}>
        <InstrumentSelect
          details={details}
          name="instrumentId"
          label="Instrument *"
          value={instrumentId}
          onChange={(value) => setEdited((now) => ({ ...now, instrumentId: value }))}
          help={details.fields.find((field) => field.key === 'instrumentId')?.help ?? undefined}
          error={errorOf('instrumentId')}
        />
        <CaseText
          name="subject"
          details={details}
          error={errorOf('subject')}
          value={answer?.values.subject}
        />
        <CaseText
          name="symptoms"
          details={details}
          error={errorOf('symptoms')}
          value={symptoms}
          multiline
          onChange={(value) => setEdited((now) => ({ ...now, symptoms: value }))}
        />
        <div>
          <label htmlFor="case-priority">Priority *</label>
          <select
            id="case-priority"
            name="priority"
            defaultValue={answer?.values.priority || details.defaultPriority}
          >
            {details.priorities.map((priority) => (
              <option key={priority}>{priority}</option>
            ))}
          </select>
        </div>
        <CaseText
          name="contactPhone"
          details={details}
          error={errorOf('contactPhone')}
          value={answer?.values.contactPhone}
          type="tel"
        />
        <div>
          <label htmlFor="case-photo">Photo or file</label>
          <input
            id="case-photo"
            type="file"
            accept={ATTACHMENT_ACCEPT}
            aria-invalid={photoError ? true : undefined}
            aria-describedby={photoError ? 'case-photo-help case-photo-error' : 'case-photo-help'}
            onChange={(event) => {
              const picked = event.currentTarget.files?.[0] ?? null;
              setPhoto(picked);
              setPhotoError(picked && attachmentProblem(picked));
            }}
          />
          <p id="case-photo-help" className="field-help">
            Optional: a photo of the instrument or its screen, or a report (png, jpg, pdf…), at most 10 MB.
          </p>
          {photoError && (
            <p id="case-photo-error" className="field-error">
              {photoError}
            </p>
          )}
        </div>
        <div>
          <button type="submit" className="button" disabled={sending}>
            {sending ? 'Opening the case…' : 'Open a case'}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** A text field of the case form, labelled and limited as the CRM's form description says. */
function CaseText(props: {
  name: 'subject' | 'symptoms' | 'contactPhone';
  details: CaseCreationDetails;
  error: string | null;
  value: string | undefined;
  multiline?: boolean;
  type?: string;
  onChange?: (value: string) => void;
}) {
  const field = props.details.fields.find((entry) => entry.key === props.name);
  const id = `case-${props.name}`;
  const describedBy = [field?.help && `${id}-help`, props.error && `${id}-error`].filter(Boolean).join(' ');
  const control = {
    id,
    name: props.name,
    maxLength: field?.maxLength ?? undefined,
    'aria-required': field?.required,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    ...(props.onChange
      ? {
          value: props.value ?? '',
          onChange: (event: { currentTarget: { value: string } }) =>
            props.onChange?.(event.currentTarget.value),
        }
      : { defaultValue: props.value }),
  };
  return (
    <div>
      <label htmlFor={id}>
        {field?.label ?? props.name}
        {field?.required && ' *'}
      </label>
      {props.multiline ? (
        <textarea rows={5} {...control} />
      ) : (
        <input type={props.type ?? 'text'} {...control} />
      )}
      <FieldNotes id={id} help={field?.help} error={props.error} />
    </div>
  );
}

/** A field's help and its message, with the ids its control's aria-describedby names. */
function FieldNotes({ id, help, error }: { id: string; help?: string | null; error?: string | null }) {
  return (
    <>
      {help && (
        <p id={`${id}-help`} className="field-help">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}
