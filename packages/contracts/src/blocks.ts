import { z } from 'zod';

/** Template blocks (spec P§3): sections of blocks, parsed at every boundary they cross. */
export const SECTION_TYPES = ['Header', 'Footer', 'Content'] as const;
export const VISIBILITIES = ['ALL', 'GUEST', 'AUTHENTICATED', 'LOGGED IN'] as const;

const resourceRef = z.object({
  /** An absolute or root-relative URL, used as is. */
  url: z.string().optional(),
  /** A static resource's file name: its URL is rebuilt from the organisation id (spec P§9). */
  staticResource: z.string().optional(),
});
export type ResourceRef = z.infer<typeof resourceRef>;

export const blockSchema = z.object({
  blockId: z.string(),
  componentName: z.string(),
  /** Which column of its section the block sits in, 0-based. */
  column: z.number().int().min(0).default(0),
  configuration: z
    .looseObject({
      sequence: z.number().optional(),
      isCheckoutBlock: z.boolean().optional(),
      productTemplateId: z.string().optional(),
      productFriendlyNamePattern: z.string().optional(),
      visibility: z.string().optional(),
      logo: z.string().optional(),
    })
    .default({}),
  fields: z.record(z.string(), z.unknown()).default({}),
  customJS: z.array(resourceRef).default([]),
  customCSS: z.array(resourceRef).default([]),
  blockFormat: z.string().optional(),
});
export type Block = z.infer<typeof blockSchema>;

export const sectionLayoutSchema = z.object({
  columns: z.number().int().min(1).max(12).default(1),
  /** Fractions separated by '/', one per column, e.g. '1/2/1' (see docs/decisions). */
  columnSize: z.string().default('1'),
  padding: z
    .object({
      top: z.number().min(0).optional(),
      bottom: z.number().min(0).optional(),
      left: z.number().min(0).optional(),
      right: z.number().min(0).optional(),
    })
    .default({}),
  gap: z.number().min(0).default(0),
});
export type SectionLayout = z.infer<typeof sectionLayoutSchema>;

export const sectionStylingSchema = z.object({
  verticalAlignment: z.enum(['top', 'center', 'bottom']).optional(),
  radius: z.number().min(0).optional(),
  borderStyle: z.string().optional(),
});
export type SectionStyling = z.infer<typeof sectionStylingSchema>;

export const sectionBackgroundSchema = z.object({
  style: z.string().optional(),
  color: z.string().optional(),
  /** 0 (transparent) to 1 (opaque). */
  opacity: z.number().min(0).max(1).optional(),
  image: z.string().optional(),
  imageSize: z.string().optional(),
  repeat: z.string().optional(),
  horizontalAlignment: z.string().optional(),
  verticalAlignment: z.string().optional(),
});
export type SectionBackground = z.infer<typeof sectionBackgroundSchema>;

export const sectionSchema = z.object({
  sectionId: z.string(),
  sectionType: z.enum(SECTION_TYPES),
  sortOrder: z.number(),
  visibility: z.string().optional(),
  layout: sectionLayoutSchema.default({ columns: 1, columnSize: '1', padding: {}, gap: 0 }),
  styling: sectionStylingSchema.default({}),
  background: sectionBackgroundSchema.default({}),
  blocks: z.array(blockSchema).default([]),
});
export type Section = z.infer<typeof sectionSchema>;

/** Template meta (spec P§3), with the field names the CMS uses. */
export const templateMetaSchema = z.object({
  Page_Type: z.string().nullable().default(null),
  Page_Category: z.string().nullable().default(null),
  Friendly_URL: z.string().nullable().default(null),
  Active: z.boolean().default(true),
  Continue_Shopping_Template: z.string().nullable().default(null),
  Portal_Home: z.boolean().default(false),
  Page_Title: z.string().nullable().default(null),
  Page_Meta_Tags: z.record(z.string(), z.string()).nullable().default(null),
  Checkout_Override: z.string().nullable().default(null),
  Quote_eDocument_ID: z.string().nullable().default(null),
  Trackers: z.string().nullable().default(null),
});
export type TemplateMeta = z.infer<typeof templateMetaSchema>;

export const templateRecordSchema = z.object({
  templateId: z.string(),
  storefrontId: z.string(),
  /** The page name used in paths, e.g. 'about' for /about. */
  name: z.string(),
  createdDate: z.string(),
  meta: templateMetaSchema,
});
export type TemplateRecord = z.infer<typeof templateRecordSchema>;

/** Template block record (spec P§3). */
export const templateBlockRecordSchema = z.object({
  storefrontId: z.string(),
  templateId: z.string(),
  blocks: z.array(sectionSchema),
});
export type TemplateBlockRecord = z.infer<typeof templateBlockRecordSchema>;
