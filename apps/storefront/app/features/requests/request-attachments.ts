import { accountScope, crmCall } from '../../lib/crm.server';
import type { Route } from './+types/request-attachments';
import { takeChunk } from './attachment-chunks.server';

/** One chunk of a file for one of the account's requests; the CRM checks the request, the type and the content. */
export async function action(args: Route.ActionArgs) {
  return takeChunk(args, (session, chunk) =>
    crmCall(session, 'attachRequestFile', {
      ...accountScope(session),
      requestId: args.params.requestId,
      ...chunk,
    }),
  );
}
