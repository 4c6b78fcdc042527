import { requisitionListPath } from '@storefront/contracts/crm-requisition-lists';
import { data, redirect } from 'react-router';
import { readForm } from '../../lib/form.server';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/add-to-list-api';
import { listNameField, readEntries } from './entries';
import { addToList, listRefusal, loadLists } from './lists.server';

/** What the "Add to list" control shows after an add: where it went and what was kept out, or why nothing was. */
export type AddToListResult =
  | {
      ok: true;
      listId: string;
      listName: string;
      listHref: string;
      added: number;
      refused: { sku: string; message: string }[];
    }
  | { ok: false; problem: string };

/** The lists the signed-in buyer may add to: their own and those shared editable with the account. */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const { lists } = await loadLists(session);
  return {
    lists: lists.filter((list) => list.canEdit).map((list) => ({ listId: list.listId, name: list.name })),
  };
}

/** Adds SKUs and quantities to a chosen list, or to a new one named in the form; the CRM decides the rest. */
export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const form = await readForm(args.request);
  // Posted before the page's script ran: a page answers, the list's, or the refusal on the error page.
  const asPage = form.get('via') === 'page';
  const fail = (problem: string, status = 400) => {
    if (asPage) throw data({ message: problem }, { status });
    return data<AddToListResult>({ ok: false, problem }, { status });
  };
  const entries = readEntries(form);
  if (typeof entries === 'string') return fail(entries);
  const listId = String(form.get('listId') ?? '').trim();
  let target: { listId: string } | { newListName: string } = { listId };
  if (!listId) {
    const name = listNameField.safeParse(form.get('newListName') ?? '');
    if (!name.success) return fail(name.error.issues[0]?.message ?? 'Enter a name for the list.');
    target = { newListName: name.data };
  }
  try {
    const answer = await addToList(session, target, entries);
    if (asPage) return redirect(requisitionListPath(answer.list.listId));
    return data<AddToListResult>({
      ok: true,
      listId: answer.list.listId,
      listName: answer.list.name,
      listHref: requisitionListPath(answer.list.listId),
      added: answer.added,
      refused: answer.refused,
    });
  } catch (error) {
    return fail(listRefusal(error));
  }
}
