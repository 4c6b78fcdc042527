import { accountScope, crmCall } from '../../lib/crm.server';
import { takeChunk } from '../requests/attachment-chunks.server';
import type { Route } from './+types/case-attachments';

/** One chunk of a file for one of the account's cases; the CRM checks the case, the type and the content. */
export async function action(args: Route.ActionArgs) {
  return takeChunk(args, (session, chunk) =>
    crmCall(session, 'attachCaseFile', { ...accountScope(session), caseId: args.params.caseId, ...chunk }),
  );
}
