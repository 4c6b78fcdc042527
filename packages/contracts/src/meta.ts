/** Meta info per page (spec C§3), from getMergedMetaInfo. */
export interface PageMeta {
  pageTitle: string;
  description: string;
  type: string;
  canonical: string;
  image: string;
  card: string;
  site: string;
  keywords: string;
  twittersite: string;
  favicon: string;
  robots: string;
  templateId: string | null;
  ecatalogItemId: string | null;
  eCatalogId: string | null;
}

/** Meta item (spec P§3). */
export interface MetaItem {
  id: string;
  organizationId: string;
  storefrontId: string;
  templateId: string | null;
  accountId: string | null;
  key: string;
  value: string;
}

export interface GuestAccount {
  id: string;
  name: string;
  storefrontId: string;
}
