import type { PageMeta } from '@storefront/contracts';

/** The text fields of PageMeta; meta item keys and Page_Meta_Tags keys with these names feed them. */
const PAGE_META_TEXT_FIELDS = [
  'pageTitle',
  'description',
  'type',
  'canonical',
  'image',
  'card',
  'site',
  'keywords',
  'twittersite',
  'favicon',
  'robots',
] as const;
type TextField = (typeof PAGE_META_TEXT_FIELDS)[number];
export type PageMetaLayer = Partial<Record<TextField, string | null>>;

const TEXT_FIELDS: ReadonlySet<string> = new Set(PAGE_META_TEXT_FIELDS);

function isTextField(key: string): key is TextField {
  return TEXT_FIELDS.has(key);
}

/** Page meta with every text field empty: the layer every merge starts from. */
export function blankPageMeta(
  ids: Pick<PageMeta, 'pageTitle' | 'templateId' | 'ecatalogItemId' | 'eCatalogId'>,
): PageMeta {
  const blank = Object.fromEntries(PAGE_META_TEXT_FIELDS.map((field) => [field, ''])) as Record<
    TextField,
    string
  >;
  return { ...blank, ...ids };
}

/** Keeps the pairs whose key names a PageMeta text field. */
export function metaLayer(pairs: Iterable<readonly [string, string]>): PageMetaLayer {
  const layer: PageMetaLayer = {};
  for (const [key, value] of pairs) if (isTextField(key)) layer[key] = value;
  return layer;
}

/** Later layers win, but only with a non-empty value: a template never blanks the storefront's defaults. */
export function mergePageMeta(base: PageMeta, ...layers: PageMetaLayer[]): PageMeta {
  const merged = { ...base };
  for (const layer of layers) {
    for (const field of PAGE_META_TEXT_FIELDS) {
      const value = layer[field];
      if (value) merged[field] = value;
    }
  }
  return merged;
}
