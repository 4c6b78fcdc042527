import type { QuickOrderResult, QuickOrderRow } from '@storefront/contracts/crm-quick-order';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { data, Form, redirect, useNavigation } from 'react-router';
import {
  LIST_FILE_ACCEPT,
  LIST_FILE_MAX_BYTES,
  readListFile,
} from '../../features/quick-order/list-file.server';
import { addRows, checkRows, readPostedRows } from '../../features/quick-order/quick-order.server';
import { type ParsedRow, parseList, type RowProblem } from '../../features/quick-order/rows';
import { usePagedCheck } from '../../features/quick-order/use-paged-check';
import { AddToList } from '../../features/requisition-lists/AddToList';
import { refusalMessage } from '../../lib/crm-refusal';
import { readForm } from '../../lib/form.server';
import { formatMoney } from '../../lib/format';
import { CART_PATH } from '../../lib/paths';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/upload-options';
import { NumberCell, NumberHeading } from './number-cells';

export const meta: Route.MetaFunction = () => [{ title: 'Quick order' }];

export async function loader(args: Route.LoaderArgs) {
  await requireAccountSession(args);
  return { maxFileKb: LIST_FILE_MAX_BYTES / 1024, accept: LIST_FILE_ACCEPT };
}

export type CheckAnswer =
  | { intent: 'check'; ok: false; field: 'list' | 'file'; message: string; list: string }
  | {
      intent: 'check';
      ok: true;
      list: string;
      rows: ParsedRow[];
      problems: RowProblem[];
      /** Empty when the page's script checks the rows page by page, showing its progress. */
      results: QuickOrderResult[];
      currency: string;
    };

type AddAnswer = { intent: 'add'; ok: false; message: string };

/**
 * 'check' reads the list (pasted, or a CSV or XLSX file) and, without the page's script, has the CRM check
 * every row; 'add' puts the matched rows into the cart in one step and opens the cart.
 */
export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const form = await readForm(args.request);
  if (form.get('intent') === 'add') {
    const rows = readPostedRows(form.get('rows'));
    if (!rows)
      return data<AddAnswer>(
        { intent: 'add', ok: false, message: 'Check the list again before adding it.' },
        400,
      );
    try {
      await addRows(session, rows);
    } catch (error) {
      return data<AddAnswer>({ intent: 'add', ok: false, message: refusalMessage(error) }, 400);
    }
    return redirect(CART_PATH);
  }
  const list = String(form.get('list') ?? '');
  const file = form.get('file');
  const fromFile = file instanceof File && file.size > 0;
  const parsed = fromFile ? await readListFile(file) : parseList(list);
  if (!parsed.ok) {
    return data<CheckAnswer>(
      { intent: 'check', ok: false, field: fromFile ? 'file' : 'list', message: parsed.message, list },
      400,
    );
  }
  const rows = parsed.rows.map(({ line, sku, qty }): QuickOrderRow => ({ line, sku, qty }));
  const checked =
    form.get('progressive') === '1' ? { currency: '', results: [] } : await checkRows(session, rows);
  return data<CheckAnswer>({
    intent: 'check',
    ok: true,
    list,
    rows: parsed.rows,
    problems: parsed.problems,
    ...checked,
  });
}

export default function QuickOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const check = actionData?.intent === 'check' ? actionData : undefined;
  const addRefused = actionData?.intent === 'add' ? actionData.message : null;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  // Set once the page's script runs: the rows are then checked page by page, with progress shown.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const listError = check && !check.ok && check.field === 'list' ? check.message : null;
  const fileError = check && !check.ok && check.field === 'file' ? check.message : null;

  return (
    <section className="quick-order" aria-labelledby="quick-order-heading">
      <h1 id="quick-order-heading">Quick order</h1>
      <p>
        Paste SKUs with quantities, one per line (<code>FCA-10001, 5</code>, or separated by a tab or a
        space), or choose a CSV or Excel file with the SKU in the first column and the quantity in the second.
        We check each row against your catalogue and prices before anything goes into your cart.
      </p>
      <Form method="post" encType="multipart/form-data" className="quick-order__form" noValidate>
        <input type="hidden" name="intent" value="check" />
        <input type="hidden" name="progressive" value={scripted ? '1' : '0'} />
        <ListField label="SKUs and quantities" error={listError}>
          {(control) => (
            <textarea
              {...control}
              name="list"
              rows={8}
              defaultValue={check?.list}
              placeholder={'FCA-10001, 5\nAPL-10002\t2'}
            />
          )}
        </ListField>
        <ListField
          label={`Or a file (.csv, .txt or .xlsx, up to ${loaderData.maxFileKb} KB)`}
          error={fileError}
        >
          {(control) => <input {...control} type="file" name="file" accept={loaderData.accept} />}
        </ListField>
        <div>
          <button type="submit" className="button" disabled={busy}>
            {busy && navigation.formData?.get('intent') === 'check' ? 'Reading the list…' : 'Check the list'}
          </button>
        </div>
      </Form>
      {check?.ok && <Preview check={check} addRefused={addRefused} busy={busy} />}
      {!check && addRefused && (
        <p role="alert" className="quick-order__problem">
          {addRefused}
        </p>
      )}
    </section>
  );
}

type CheckedList = Extract<CheckAnswer, { ok: true }>;

/** Matched rows with their prices and problem rows with their messages, in the list's order; then the add. */
function Preview({
  check,
  addRefused,
  busy,
}: {
  check: CheckedList;
  addRefused: string | null;
  busy: boolean;
}) {
  const { results, currency, failed } = usePagedCheck(check);
  const done = results.length === check.rows.length;
  const byLine = new Map(check.rows.map((row) => [row.line, row]));
  const matched = results.flatMap((result) => (result.status === 'matched' ? [result] : []));
  const problemCount = results.length - matched.length + check.problems.length;
  const total = matched.reduce((sum, result) => sum + Math.round(result.lineTotal * 100), 0) / 100;
  const entries = [
    ...results.map((result) => ({ line: result.line, result, problem: null })),
    ...check.problems.map((problem) => ({ line: problem.line, result: null, problem })),
  ].sort((a, b) => a.line - b.line);

  return (
    <section className="quick-order__preview" aria-labelledby="quick-order-preview">
      <h2 id="quick-order-preview">Your list</h2>
      <div role="status" className="quick-order__status">
        {done ? (
          <p>
            {matched.length} {matched.length === 1 ? 'row' : 'rows'} ready to add
            {problemCount > 0 &&
              `, ${problemCount} ${problemCount === 1 ? 'row needs' : 'rows need'} attention`}
            {matched.length > 0 && currency && <> · total {formatMoney(total, currency)}</>}
          </p>
        ) : (
          <p>
            <label>
              Checked {results.length.toLocaleString('en-US')} of {check.rows.length.toLocaleString('en-US')}{' '}
              rows <progress value={results.length} max={check.rows.length} />
            </label>
          </p>
        )}
      </div>
      {failed && (
        <p role="alert" className="quick-order__problem">
          {failed}
        </p>
      )}
      <div>
        <table className="quick-order__table">
          <caption className="visually-hidden">Rows of the list with their prices or problems</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">SKU</th>
              <th scope="col">Product</th>
              <NumberHeading>Qty</NumberHeading>
              <NumberHeading>Unit price</NumberHeading>
              <NumberHeading>Line total</NumberHeading>
            </tr>
          </thead>
          <tbody>
            {entries.map(({ line, result, problem }) =>
              result?.status === 'matched' ? (
                <tr key={line}>
                  <td>{line}</td>
                  <td>{result.sku}</td>
                  <td>
                    {result.name}
                    <span className="quick-order__unit"> ({result.unit})</span>
                    <MergedNote row={byLine.get(line)} />
                  </td>
                  <NumberCell label="Qty">{result.qty}</NumberCell>
                  <NumberCell label="Unit price">{formatMoney(result.unitPrice, currency)}</NumberCell>
                  <NumberCell label="Line total">{formatMoney(result.lineTotal, currency)}</NumberCell>
                </tr>
              ) : (
                <tr key={line} className="quick-order__row--problem">
                  <td>{line}</td>
                  <td>{result?.sku ?? problem?.text}</td>
                  <td colSpan={4}>
                    <span className="quick-order__problem-text">
                      {result?.status === 'problem' ? result.message : problem?.message}
                    </span>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
      {addRefused && (
        <p role="alert" className="quick-order__problem">
          {addRefused}
        </p>
      )}
      {done && matched.length > 0 && (
        <Form method="post" className="quick-order__add">
          <input type="hidden" name="intent" value="add" />
          <input
            type="hidden"
            name="rows"
            value={JSON.stringify(matched.map(({ line, sku, qty }) => ({ line, sku, qty })))}
          />
          {problemCount > 0 && (
            <p>Rows that need attention are left out; correct them and check the list again to add them.</p>
          )}
          <button type="submit" className="button button--large" disabled={busy}>
            Add {matched.length} {matched.length === 1 ? 'row' : 'rows'} to the cart
          </button>
        </Form>
      )}
      {done && matched.length > 0 && (
        <AddToList
          entries={matched.map(({ sku, qty }) => ({ sku, qty }))}
          label="Add rows to a list"
          subject={`${matched.length} checked ${matched.length === 1 ? 'row' : 'rows'}`}
        />
      )}
    </section>
  );
}

function MergedNote({ row }: { row: ParsedRow | undefined }) {
  if (!row || row.mergedLines.length === 0) return null;
  const lines = [row.line, ...row.mergedLines];
  return (
    <span className="quick-order__merged">
      {' '}
      — lines {lines.slice(0, -1).join(', ')} and {lines.at(-1)} added up
    </span>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A field of the list form: its label, the control, and the message beside it tied to the control. */
function ListField({
  label,
  error,
  children,
}: {
  label: string;
  error: string | null;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="quick-order__field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
