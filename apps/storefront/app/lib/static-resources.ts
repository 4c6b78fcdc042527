import type { ResourceRef } from '@storefront/contracts/blocks';

export type ResourceKind = 'js' | 'css';

export interface ResourceOrigin {
  resourcesDomain: string;
  organizationId: string;
}

/**
 * A static resource's URL, rebuilt from the organisation id and the file name with a js or css extension
 * (spec P§9): https://<resourcesDomain>/resource/<organizationId>/<name>.<kind>.
 */
export function staticResourceUrl(origin: ResourceOrigin, name: string, kind: ResourceKind): string {
  const host = origin.resourcesDomain.replace(/^https?:\/\//, '').replace(/\/+$/, '');
  const base = name.trim().replace(new RegExp(`\\.${kind}$`, 'i'), '');
  return `https://${host}/resource/${encodeURIComponent(origin.organizationId)}/${encodeURIComponent(base)}.${kind}`;
}

/** The URL of a customJS/customCSS entry: `url` as is, else the static resource's URL; null when neither. */
export function resourceUrl(origin: ResourceOrigin, ref: ResourceRef, kind: ResourceKind): string | null {
  const url = ref.url?.trim();
  if (url) return url;
  const name = ref.staticResource?.trim();
  return name ? staticResourceUrl(origin, name, kind) : null;
}
