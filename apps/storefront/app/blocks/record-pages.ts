import type { TemplateRecord } from '@storefront/contracts/blocks';

/** Record pages (spec P§2): /list/{templateId}, and /detail/{templateId}?recordId={recordNumber}. */
export function listPagePath(templateId: string): string {
  return `/list/${encodeURIComponent(templateId)}`;
}

export function detailPagePath(templateId: string, recordId: string): string {
  return `/detail/${encodeURIComponent(templateId)}?recordId=${encodeURIComponent(recordId)}`;
}

/** The id of the storefront's template the CMS names; null when it has none of that name. */
export function templateIdNamed(
  templates: readonly TemplateRecord[],
  name: string | undefined,
): string | null {
  return (name && templates.find((template) => template.name === name)?.templateId) || null;
}
