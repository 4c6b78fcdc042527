import {
  MESSAGES,
  type TemplateBlockRecord,
  type TemplateMeta,
  type TemplateRecord,
} from '@storefront/contracts';
import { notFound } from '../../core/errors';
import type { Handler } from '../../core/handler';
import type { CrmDb } from '../../db/open';
import { findActiveTemplateSections, listActiveTemplates } from '../queries/templates';
import { sortSections } from '../rules/templates';

type TemplateRow = Awaited<ReturnType<typeof listActiveTemplates>>[number];

function toTemplateRecord(row: TemplateRow): TemplateRecord {
  const { id, storefrontId, name, createdDate, ...meta } = row;
  return {
    templateId: id,
    storefrontId,
    name,
    createdDate: createdDate.toISOString(),
    meta: meta satisfies TemplateMeta,
  };
}

/** Without ids: every active template (no blocks). With ids: their sections in display order, as asked. */
export const retrieveContentBlocks: Handler<'retrieveContentBlocks'> = async (ctx, payload) => {
  const { storefrontId, templateIds } = payload;
  const found: (TemplateRecord | TemplateBlockRecord)[] = templateIds
    ? await templateBlocks(ctx.db, storefrontId, templateIds)
    : (await listActiveTemplates(ctx.db, storefrontId)).map(toTemplateRecord);
  if (found.length === 0) throw notFound(MESSAGES.noTemplateFound);
  return found;
};

async function templateBlocks(
  db: CrmDb,
  storefrontId: string,
  templateIds: readonly string[],
): Promise<TemplateBlockRecord[]> {
  const rows = await findActiveTemplateSections(db, storefrontId, templateIds);
  const byId = new Map(rows.map((row) => [row.id, row.sections]));
  return [...new Set(templateIds)].flatMap((templateId) => {
    const sections = byId.get(templateId);
    return sections ? [{ storefrontId, templateId, blocks: sortSections(sections) }] : [];
  });
}
