import { accountScope, crmCall } from '../../lib/crm.server';
import { fileResponse, orRefusal } from '../../lib/downloads.server';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/article-attachment';

/** A file of a knowledge article (shown or downloaded as C§5 says); another storefront's article or an unknown file: 404. */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const { articleId, attachmentId } = args.params;
  return orRefusal(async () => {
    const file = await crmCall(session, 'getKnowledgeAttachment', {
      ...accountScope(session),
      articleId,
      attachmentId,
    });
    return fileResponse(file);
  });
}
