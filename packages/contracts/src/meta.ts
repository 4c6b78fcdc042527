import { z } from 'zod';

/** Meta info per page (spec C§3), from getMergedMetaInfo. */
export const pageMetaSchema = z.object({
  pageTitle: z.string(),
  description: z.string(),
  type: z.string(),
  canonical: z.string(),
  image: z.string(),
  card: z.string(),
  site: z.string(),
  keywords: z.string(),
  twittersite: z.string(),
  favicon: z.string(),
  robots: z.string(),
  templateId: z.string().nullable(),
  ecatalogItemId: z.string().nullable(),
  eCatalogId: z.string().nullable(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

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
