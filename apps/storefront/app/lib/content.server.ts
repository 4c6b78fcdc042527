import {
  type Section,
  sectionSchema,
  type TemplateRecord,
  templateRecordSchema,
} from '@storefront/contracts/blocks';
import type { PageMeta } from '@storefront/contracts/meta';
import { z } from 'zod';
import { crmCall, orNone } from './crm.server';
import { parseAnswer } from './gateway';
import type { StorefrontSession } from './storefront.server';

/** What reading a storefront's content needs: it does not depend on who views it. */
type ContentReader = Pick<StorefrontSession, 'gateway' | 'storefront'>;

/** Every active template of the storefront (templateDetails answers the organisation's templates). */
export async function loadTemplates(session: ContentReader): Promise<TemplateRecord[]> {
  const content = await session.gateway('TemplateDetails', {
    organizationId: session.storefront.organizationId,
  });
  const templates = Array.isArray(content) ? parseAnswer(templateList, content, 'The template list') : [];
  return templates.filter((template) => template.storefrontId === session.storefront.storefrontId);
}

const templateList = z.array(templateRecordSchema);
const sectionList = z.array(sectionSchema);

/** The sections of a template, parsed: block JSON from the CMS is never trusted as is. */
export async function loadSections(session: ContentReader, templateId: string): Promise<Section[]> {
  const { storefrontId } = session.storefront;
  const record = await session.gateway('GetTemplateBlock', { storefrontId, templateId });
  const blocks = typeof record === 'object' && record !== null && 'blocks' in record ? record.blocks : [];
  return sectionList.parse(blocks);
}

/** getMergedMetaInfo for a path; null when the CRM has none (the page then uses its own defaults). */
export function loadPageMeta(session: StorefrontSession, path: string): Promise<PageMeta | null> {
  const { storefront, viewer } = session;
  return orNone(
    crmCall(session, 'getMergedMetaInfo', {
      accId: viewer.accountId,
      stfId: storefront.storefrontId,
      url: path,
    }),
  );
}
