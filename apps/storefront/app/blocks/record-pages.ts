import type { TemplateRecord } from '@storefront/contracts/blocks';

/**
 * Record pages (spec P§2): /list/{templateId}, and /detail/{templateId}?recordId={recordNumber}; offer pages:
 * /offers/list/{templateId}, and /offers/detail/{templateId}?id={offerId}.
 */
export function listPagePath(templateId: string): string {
  return `/list/${encodeURIComponent(templateId)}`;
}

export function detailPagePath(templateId: string, recordId: string): string {
  return `/detail/${encodeURIComponent(templateId)}?recordId=${encodeURIComponent(recordId)}`;
}

export function offerListPath(templateId: string): string {
  return `/offers/list/${encodeURIComponent(templateId)}`;
}

export function offerDetailPath(templateId: string, offerId: string): string {
  return `/offers/detail/${encodeURIComponent(templateId)}?id=${encodeURIComponent(offerId)}`;
}

/** The id of the storefront's template the CMS names; null when it has none of that name. */
export function templateIdNamed(
  templates: readonly TemplateRecord[],
  name: string | undefined,
): string | null {
  return (name && templates.find((template) => template.name === name)?.templateId) || null;
}
