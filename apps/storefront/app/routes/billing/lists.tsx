import {
  LIST_NAME_MAX,
  LIST_SHARING_LABELS,
  type RequisitionListSummary,
  requisitionListPath,
} from '@storefront/contracts/crm-requisition-lists';
import { useId } from 'react';
import { data, Form, Link, type MetaDescriptor, redirect, useNavigation } from 'react-router';
import { listNameField } from '../../features/requisition-lists/entries';
import { createList, listRefusal, loadLists } from '../../features/requisition-lists/lists.server';
import { readForm } from '../../lib/form.server';
import { formatMoment } from '../../lib/format';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/lists';
import listStyles from './account-lists.css?url';
import styles from './requisition-lists.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: listStyles },
  { rel: 'stylesheet', href: styles },
];
export const meta: Route.MetaFunction = (): MetaDescriptor[] => [{ title: 'Requisition lists' }];

/** The buyer's own lists and those colleagues share with the account (docs/decisions/0062-requisition-lists.md). */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  return loadLists(session);
}

/** "Create list": a new private list of the buyer's, opened at once to fill. */
export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const name = listNameField.safeParse((await readForm(args.request)).get('name') ?? '');
  if (!name.success) {
    return data({ problem: name.error.issues[0]?.message ?? 'Enter a name.' }, { status: 400 });
  }
  try {
    const list = await createList(session, name.data);
    return redirect(requisitionListPath(list.listId));
  } catch (error) {
    return data({ problem: listRefusal(error) }, { status: 400 });
  }
}

export default function RequisitionListsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lists, maxLists } = loaderData;
  const own = lists.filter((list) => list.isOwner).length;
  return (
    <section className="requisition-lists" aria-labelledby="lists-heading">
      <h1 id="lists-heading">Requisition lists</h1>
      <p className="requisition-lists__intro">
        Keep the products and quantities you buy again and again, add them to your cart in one step, and share
        them with your colleagues. Prices are your account’s prices today.
      </p>
      <CreateList problem={actionData?.problem ?? null} />
      <p className="requisition-lists__count">
        You keep {own} of at most {maxLists} lists.
      </p>
      {lists.length === 0 ? (
        <p>
          No lists yet: create one above, or use “Add to list” on a product, your cart, an order or quick
          order.
        </p>
      ) : (
        <ListTable lists={lists} />
      )}
    </section>
  );
}

function CreateList({ problem }: { problem: string | null }) {
  const id = useId();
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="requisition-lists__create" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>New list</h2>
      <div className="requisition-lists__create-row">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          name="name"
          maxLength={LIST_NAME_MAX}
          required
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        <button type="submit" className="button" disabled={busy}>
          Create list
        </button>
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="notice notice--error">
          {problem}
        </p>
      )}
    </Form>
  );
}

function ListTable({ lists }: { lists: RequisitionListSummary[] }) {
  return (
    <table className="data-table requisition-lists__table">
      <caption className="visually-hidden">
        Your lists and the lists your colleagues share with your account
      </caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Owner</th>
          <th scope="col">Sharing</th>
          <th scope="col" className="data-table__amount">
            Lines
          </th>
          <th scope="col">Last changed</th>
        </tr>
      </thead>
      <tbody>
        {lists.map((list) => (
          <tr key={list.listId}>
            <th scope="row" data-label="Name" className="data-table__wide">
              <Link to={requisitionListPath(list.listId)}>{list.name}</Link>
            </th>
            <td data-label="Owner">{list.isOwner ? 'You' : list.ownerName}</td>
            <td data-label="Sharing">{LIST_SHARING_LABELS[list.sharing]}</td>
            <td data-label="Lines" className="data-table__amount">
              {list.lineCount}
            </td>
            <td data-label="Last changed">{formatMoment(list.updatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
