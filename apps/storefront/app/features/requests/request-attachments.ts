import { MAX_FILE_CHUNK_CHARS, MAX_PO_FILE_BYTES } from '@storefront/contracts/crm-purchase-orders';
import { z } from 'zod';
import { accountScope, crmCall } from '../../lib/crm.server';
import { GatewayCallError } from '../../lib/gateway';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/request-attachments';

const chunk = z.object({
  fileName: z.string().trim().min(1).max(255),
  fileSize: z.coerce.number().int().min(1).max(MAX_PO_FILE_BYTES, 'An attachment may be at most 10 MB.'),
  chunkIndex: z.coerce.number().int().min(0),
  chunkCount: z.coerce.number().int().min(1),
  uploadId: z.string().trim().min(1).max(64).optional(),
  fileContent: z.string().max(MAX_FILE_CHUNK_CHARS),
});

/** One chunk of a file for one of the account's requests; the CRM checks the request, the type and the content. */
export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const form = Object.fromEntries(await args.request.formData());
  const parsed = chunk.safeParse(form);
  if (!parsed.success) {
    return Response.json(
      { problem: parsed.error.issues[0]?.message ?? 'Send the file again.' },
      { status: 400 },
    );
  }
  try {
    const answer = await crmCall(session, 'attachRequestFile', {
      ...accountScope(session),
      requestId: args.params.requestId,
      ...parsed.data,
    });
    return Response.json(answer);
  } catch (error) {
    if (!(error instanceof GatewayCallError) || error.status >= 500) throw error;
    // The CRM's message names its field ('fileContent: ...'); the person reads the sentence.
    const problem = error.message.replace(/^[\w.]+: /, '');
    return Response.json(
      { problem: problem.charAt(0).toUpperCase() + problem.slice(1) },
      { status: error.status },
    );
  }
}
