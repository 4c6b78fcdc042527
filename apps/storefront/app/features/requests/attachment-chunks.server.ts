import { problemOf } from '@storefront/contracts/crm-errors';
import { MAX_FILE_CHUNK_CHARS, MAX_PO_FILE_BYTES } from '@storefront/contracts/crm-purchase-orders';
import { z } from 'zod';
import { readForm } from '../../lib/form.server';
import { GatewayCallError } from '../../lib/gateway';
import { type PageRequest, requireAccountSession, type StorefrontSession } from '../../lib/storefront.server';

const chunk = z.object({
  fileName: z.string().trim().min(1).max(255),
  fileSize: z.coerce.number().int().min(1).max(MAX_PO_FILE_BYTES, 'An attachment may be at most 10 MB.'),
  chunkIndex: z.coerce.number().int().min(0),
  chunkCount: z.coerce.number().int().min(1),
  uploadId: z.string().trim().min(1).max(64).optional(),
  fileContent: z.string().max(MAX_FILE_CHUNK_CHARS),
});

type Chunk = z.infer<typeof chunk>;

/**
 * Reads one posted chunk and hands it to the record's CRM type: the progress as JSON, or the refusal a person
 * reads (the CRM's message without the field it names) with the CRM's status.
 */
export async function takeChunk(
  page: PageRequest,
  send: (session: StorefrontSession, chunk: Chunk) => Promise<unknown>,
): Promise<Response> {
  const session = await requireAccountSession(page);
  const parsed = chunk.safeParse(Object.fromEntries(await readForm(page.request)));
  if (!parsed.success) {
    return Response.json(
      { problem: parsed.error.issues[0]?.message ?? 'Send the file again.' },
      { status: 400 },
    );
  }
  try {
    return Response.json(await send(session, parsed.data));
  } catch (error) {
    if (!(error instanceof GatewayCallError) || error.status >= 500) throw error;
    return Response.json({ problem: problemOf(error) }, { status: error.status });
  }
}
