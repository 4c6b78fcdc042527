import { data } from 'react-router';
import { refusalMessage } from '../../lib/crm-refusal';
import { readForm } from '../../lib/form.server';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/check-api';
import { checkRows, readPostedRows } from './quick-order.server';

/** One page of a quick order list checked by the CRM: the page calls it page after page to show progress. */
export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const rows = readPostedRows((await readForm(args.request)).get('rows'));
  if (!rows)
    return data({ message: 'The rows to check could not be read; check the list again.' }, { status: 400 });
  try {
    return await checkRows(session, rows);
  } catch (error) {
    return data({ message: refusalMessage(error) }, { status: 400 });
  }
}
