import {
  LIST_NAME_MAX,
  LIST_SHARING,
  LIST_SHARING_LABELS,
  REQUISITION_LISTS_PATH,
  type RequisitionList,
  type RequisitionListLine,
  requisitionListPath,
} from '@storefront/contracts/crm-requisition-lists';
import { useEffect, useId, useRef } from 'react';
import { data, Form, Link, type MetaDescriptor, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import { availabilityLine } from '../../blocks/product-detail/availability';
import { Fact } from '../../features/requests/RecordParts';
import { ownRecord } from '../../features/requests/requests.server';
import { listNameField, quantityField } from '../../features/requisition-lists/entries';
import {
  addListToCart,
  changeList,
  deleteList,
  duplicateList,
  listRefusal,
  loadList,
  removeLines,
  setLineQuantities,
} from '../../features/requisition-lists/lists.server';
import { readForm } from '../../lib/form.server';
import { formatMoment, formatMoney } from '../../lib/format';
import { GatewayCallError } from '../../lib/gateway';
import type { StorefrontSession } from '../../lib/storefront.server';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/list';
import listStyles from './account-lists.css?url';
import recordStyles from './requests.css?url';
import styles from './requisition-lists.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: recordStyles },
  { rel: 'stylesheet', href: listStyles },
  { rel: 'stylesheet', href: styles },
];
export const meta: Route.MetaFunction = ({ loaderData }): MetaDescriptor[] => [
  { title: loaderData ? `${loaderData.list.name} – Requisition list` : 'Requisition list' },
];

/** `?delete=confirm`: the page asks whether to delete, with and without script alike. */
const CONFIRM_DELETE = { name: 'delete', value: 'confirm' } as const;
const LINES_FORM = 'list-lines';

/**
 * One requisition list, priced now for the account with each line's availability (docs/decisions/0062): another
 * account's list or a colleague's private one is the Authorization Required page, an unknown one 'There is no
 * such list.'.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const list = await ownRecord(() => loadList(session, args.params.listId), 'list');
  const asked = session.url.searchParams.get(CONFIRM_DELETE.name) === CONFIRM_DELETE.value;
  return { list, confirmingDelete: asked && list.isOwner };
}

interface Outcome {
  notice?: string;
  problem?: string;
  /** Lines the cart took, with a link to it. */
  addedToCart?: number;
  /** Why each line left out of the cart was: said on its row. */
  refused?: { lineId: string; message: string }[];
}

const INTENTS = ['settings', 'duplicate', 'delete', 'quantities', 'remove', 'cart', 'cart-all'] as const;
type Intent = (typeof INTENTS)[number];

const settingsForm = z.object({
  name: listNameField,
  sharing: z.enum(LIST_SHARING, 'Choose who sees the list.'),
});

/** The lines the buyer ticked. */
const chosenLines = (form: FormData) => form.getAll('line').map(String).filter(Boolean);

const ACTIONS: Record<
  Intent,
  (session: StorefrontSession, listId: string, form: FormData) => Promise<Outcome>
> = {
  settings: async (session, listId, form) => {
    const parsed = settingsForm.safeParse({ name: form.get('name') ?? '', sharing: form.get('sharing') });
    if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? 'Check the name.' };
    await changeList(session, listId, parsed.data);
    return { notice: 'Saved the name and sharing.' };
  },
  duplicate: async (session, listId) => {
    const copy = await duplicateList(session, listId);
    throw redirect(requisitionListPath(copy.listId));
  },
  delete: async (session, listId) => {
    await deleteList(session, listId);
    throw redirect(REQUISITION_LISTS_PATH);
  },
  quantities: async (session, listId, form) => {
    const lines: { lineId: string; qty: number }[] = [];
    for (const [name, value] of form.entries()) {
      if (!name.startsWith('qty-')) continue;
      const qty = quantityField.safeParse(value);
      if (!qty.success) return { problem: qty.error.issues[0]?.message ?? 'Enter a quantity.' };
      lines.push({ lineId: name.slice('qty-'.length), qty: qty.data });
    }
    if (lines.length === 0) return { problem: 'The list has no lines to change.' };
    await setLineQuantities(session, listId, lines);
    return { notice: 'Saved the quantities.' };
  },
  remove: async (session, listId, form) => {
    const lineIds = chosenLines(form);
    if (lineIds.length === 0) return { problem: 'Choose the lines to remove.' };
    await removeLines(session, listId, lineIds);
    return { notice: `Removed ${lineIds.length} ${lineIds.length === 1 ? 'line' : 'lines'}.` };
  },
  cart: async (session, listId, form) => {
    const lineIds = chosenLines(form);
    if (lineIds.length === 0) return { problem: 'Choose the lines to add to your cart.' };
    const answer = await addListToCart(session, listId, lineIds);
    return { addedToCart: answer.added, refused: answer.refused };
  },
  'cart-all': async (session, listId) => {
    const answer = await addListToCart(session, listId, undefined);
    return { addedToCart: answer.added, refused: answer.refused };
  },
};

export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const form = await readForm(args.request);
  const intent = z.enum(INTENTS).safeParse(form.get('intent'));
  if (!intent.success) return data<Outcome>({ problem: 'Choose what to do with the list.' }, { status: 400 });
  try {
    return await ACTIONS[intent.data](session, args.params.listId, form);
  } catch (error) {
    if (error instanceof Response) throw error;
    const problem = listRefusal(error);
    return data<Outcome>({ problem }, { status: error instanceof GatewayCallError ? error.status : 400 });
  }
}

export default function RequisitionListPage({ loaderData, actionData }: Route.ComponentProps) {
  const { list, confirmingDelete } = loaderData;
  const refused = new Map((actionData?.refused ?? []).map((line) => [line.lineId, line.message]));
  return (
    <article className="records requisition-list" aria-labelledby="list-heading">
      <p>
        <Link to={REQUISITION_LISTS_PATH}>All requisition lists</Link>
      </p>
      <h1 id="list-heading">{list.name}</h1>
      <Outcomes outcome={actionData} />
      <dl className="record-facts">
        <Fact term="Owner">{list.isOwner ? 'You' : list.ownerName}</Fact>
        <Fact term="Sharing">{LIST_SHARING_LABELS[list.sharing]}</Fact>
        <Fact term="Lines">{list.lineCount}</Fact>
        <Fact term="Last changed">{formatMoment(list.updatedAt)}</Fact>
      </dl>
      {!list.canEdit && (
        <p className="notice">
          {list.ownerName} shares this list read-only: add it to your cart, or duplicate it to keep a copy you
          can change.
        </p>
      )}
      <div className="requisition-list__actions">
        <Form method="post">
          <button type="submit" name="intent" value="duplicate" className="button button--secondary">
            Duplicate
          </button>
        </Form>
        {list.isOwner && !confirmingDelete && (
          <Link
            to={`?${CONFIRM_DELETE.name}=${CONFIRM_DELETE.value}`}
            className="button button--secondary"
            preventScrollReset
          >
            Delete list
          </Link>
        )}
      </div>
      {confirmingDelete && <DeleteConfirmation list={list} />}
      {list.isOwner && <Settings list={list} />}
      <section className="record-section" aria-labelledby="lines-heading">
        <h2 id="lines-heading">Lines</h2>
        {list.lines.length === 0 ? (
          <p>
            This list is empty. Use “Add to list” on a product, your cart, an order or quick order to fill it.
          </p>
        ) : (
          <Lines list={list} refused={refused} />
        )}
      </section>
    </article>
  );
}

function Outcomes({ outcome }: { outcome: Outcome | undefined }) {
  if (!outcome) return null;
  return (
    <>
      {outcome.notice && (
        <p role="status" className="notice">
          {outcome.notice}
        </p>
      )}
      {outcome.addedToCart !== undefined && (
        <p role="status" className="notice">
          Added {outcome.addedToCart} {outcome.addedToCart === 1 ? 'line' : 'lines'} to your cart
          {outcome.refused && outcome.refused.length > 0
            ? `; ${outcome.refused.length} could not be added (see ${outcome.refused.length === 1 ? 'its row' : 'their rows'})`
            : ''}
          . <Link to="/cart">View cart</Link>
        </p>
      )}
      {outcome.problem && (
        <p role="alert" className="notice notice--error">
          {outcome.problem}
        </p>
      )}
    </>
  );
}

/** The owner names the list and chooses who else in the account sees it. */
function Settings({ list }: { list: RequisitionList }) {
  const id = useId();
  return (
    <section className="record-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Name and sharing</h2>
      <Form method="post" className="requisition-list__settings">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          name="name"
          type="text"
          defaultValue={list.name}
          maxLength={LIST_NAME_MAX}
          required
          autoComplete="off"
        />
        <fieldset>
          <legend>Who sees it</legend>
          {LIST_SHARING.map((sharing) => (
            <label key={sharing} className="requisition-list__choice">
              <input type="radio" name="sharing" value={sharing} defaultChecked={list.sharing === sharing} />{' '}
              {SHARING_HINTS[sharing]}
            </label>
          ))}
        </fieldset>
        <button type="submit" name="intent" value="settings" className="button">
          Save
        </button>
      </Form>
    </section>
  );
}

const SHARING_HINTS: Record<(typeof LIST_SHARING)[number], string> = {
  private: 'Only you',
  read: 'Everyone in your account can see it and add it to their cart',
  edit: 'Everyone in your account can see and change its lines',
};

function DeleteConfirmation({ list }: { list: RequisitionList }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The "Delete list" link the buyer followed is gone: the question takes the focus.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Form
      method="post"
      action={requisitionListPath(list.listId)}
      className="order-cancel"
      aria-labelledby="delete-heading"
    >
      <h2 id="delete-heading" ref={heading} tabIndex={-1}>
        Delete {list.name}?
      </h2>
      <p>Its lines go with it{list.sharing === 'private' ? '' : ', for everyone it is shared with'}.</p>
      <div className="order-cancel__actions">
        <button type="submit" name="intent" value="delete" className="button">
          Yes, delete the list
        </button>
        <Link to={requisitionListPath(list.listId)} preventScrollReset>
          Keep the list
        </Link>
      </div>
    </Form>
  );
}

/** The lines: choose some, change quantities (when the buyer may), and add all or the chosen ones to the cart. */
function Lines({ list, refused }: { list: RequisitionList; refused: Map<string, string> }) {
  const busy = useNavigation().state === 'submitting';
  const money = (amount: number | null) => (amount === null ? '—' : formatMoney(amount, list.currency));
  const total = list.lines.reduce((sum, line) => sum + (line.lineTotal ?? 0), 0);
  return (
    <Form method="post" id={LINES_FORM} className="requisition-list__lines">
      <table className="data-table">
        <caption className="visually-hidden">
          The list’s products with their quantities, today’s prices and availability
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Choose</span>
            </th>
            <th scope="col">SKU</th>
            <th scope="col">Product</th>
            <th scope="col">Availability</th>
            <th scope="col" className="data-table__amount">
              Quantity
            </th>
            <th scope="col" className="data-table__amount">
              Unit price
            </th>
            <th scope="col" className="data-table__amount">
              Line total
            </th>
          </tr>
        </thead>
        <tbody>
          {list.lines.map((line) => (
            <LineRow
              key={line.lineId}
              line={line}
              editable={list.canEdit}
              refused={refused.get(line.lineId)}
              money={money}
            />
          ))}
        </tbody>
      </table>
      <p className="requisition-list__total">
        Total at today’s prices: <strong>{money(total)}</strong>
      </p>
      <div className="requisition-list__buttons">
        <button type="submit" name="intent" value="cart-all" className="button" disabled={busy}>
          Add whole list to cart
        </button>
        <button type="submit" name="intent" value="cart" className="button button--secondary" disabled={busy}>
          Add chosen lines to cart
        </button>
        {list.canEdit && (
          <>
            <button
              type="submit"
              name="intent"
              value="quantities"
              className="button button--secondary"
              disabled={busy}
            >
              Save quantities
            </button>
            <button
              type="submit"
              name="intent"
              value="remove"
              className="button button--secondary"
              disabled={busy}
            >
              Remove chosen lines
            </button>
          </>
        )}
      </div>
    </Form>
  );
}

function LineRow({
  line,
  editable,
  refused,
  money,
}: {
  line: RequisitionListLine;
  editable: boolean;
  refused: string | undefined;
  money: (amount: number | null) => string;
}) {
  const id = useId();
  const problem = refused ?? line.message;
  const availability = line.problem ? null : availabilityLine(line.stock);
  return (
    <tr className={problem ? 'requisition-list__row--problem' : undefined}>
      <td data-label="Choose">
        <input type="checkbox" name="line" value={line.lineId} id={`${id}-choose`} />
        <label htmlFor={`${id}-choose`} className="visually-hidden">
          Choose {line.sku}
        </label>
      </td>
      <th scope="row" data-label="SKU">
        {line.sku}
      </th>
      <td data-label="Product" className="data-table__wide">
        {line.name ?? <span className="record-meta">Not in your catalogue</span>}
        {problem && (
          <p className="requisition-list__problem" id={`${id}-problem`}>
            {problem}
          </p>
        )}
      </td>
      <td data-label="Availability">{availability ?? '—'}</td>
      <td data-label="Quantity" className="data-table__amount">
        {editable ? (
          <>
            <label htmlFor={`${id}-qty`} className="visually-hidden">
              Quantity of {line.sku}
            </label>
            <input
              id={`${id}-qty`}
              name={`qty-${line.lineId}`}
              type="number"
              inputMode="numeric"
              min={1}
              max={100_000}
              step={1}
              defaultValue={line.qty}
              required
              className="requisition-list__qty"
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
          </>
        ) : (
          line.qty
        )}
      </td>
      <td data-label="Unit price" className="data-table__amount">
        {money(line.unitPrice)}
      </td>
      <td data-label="Line total" className="data-table__amount">
        {money(line.lineTotal)}
      </td>
    </tr>
  );
}
