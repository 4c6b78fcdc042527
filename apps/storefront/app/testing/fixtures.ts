import {
  type BlockFields,
  type BlockFieldsInput,
  type BlockName,
  blockFieldSchemas,
} from '@storefront/contracts/block-fields';
import type { CatalogItemDetail } from '@storefront/contracts/catalogue';
import { productImageAlt } from '@storefront/contracts/product-images';
import type { BlockData, PageContext, RenderedBlockOf } from '../blocks/types';

/** The item's generated picture, described on the server as every page's pictures are. */
const ITEM_IMAGE = '/product-images/v1/antibody.svg?clone=RPA-T4&dye=fitc&reactivity=Human&target=CD4';

export const page: PageContext = {
  storefrontName: 'Helix Life Sciences',
  logoUrl: '/logo.svg',
  viewer: { signedIn: false, name: null, actingFor: null },
  placeholders: { storefrontName: 'Helix Life Sciences', year: '2025' },
  leadImage: null,
  namedQuoteId: null,
  devMode: false,
  imageDescriptions: { [ITEM_IMAGE]: productImageAlt(ITEM_IMAGE, '') },
  blockScripts: [],
};

export const item: CatalogItemDetail = {
  id: 'a0B000000000001',
  sku: 'FC-CD4-100',
  name: 'Anti-Human CD4 Antibody, FITC',
  slug: 'anti-human-cd4-antibody-fitc',
  shortDescription: 'Clone RPA-T4 for flow cytometry.',
  imageUrl: ITEM_IMAGE,
  unit: '100 tests',
  requiresConfiguration: null,
  productTemplateId: 't-product',
  categoryId: 'cat-1',
  priceSource: 'Catalog Price',
  price: 180,
  listPrice: 200,
  currency: 'USD',
  formattedPrice: '$180.00',
  hasTiers: true,
  offerCount: 1,
  attributes: { Conjugate: 'FITC' },
  customAction: null,
  description: 'Line one\nLine two <b>bold</b>',
  images: [ITEM_IMAGE],
  category: { id: 'cat-1', name: 'Flow Cytometry Antibodies' },
  tiers: [
    { sv: 1, ev: 4, price: 180, formattedOfferPrice: '$180.00', originalPrice: 180 },
    { sv: 5, ev: null, price: 162, formattedOfferPrice: '$162.00', originalPrice: 180 },
  ],
  offers: [
    {
      id: 'offer-1',
      name: 'Spring panel offer',
      description: 'Save on antibody panels.',
      offerType: 'Percent',
      discount: 10,
      appliedOnField: 'Catalog Price',
      validFrom: '2025-03-01',
      validTo: '2025-05-31',
    },
  ],
  specifications: [
    { name: 'Clone', value: 'RPA-T4' },
    { name: 'Host species', value: 'Mouse' },
    { name: 'Conjugate', value: 'FITC' },
    { name: 'Excitation maximum', value: '495 nm' },
    { name: 'Emission maximum', value: '519 nm' },
  ],
  hazards: [],
  lots: [
    { lotNumber: '2610-10042', manufacturedOn: '2026-10-12', expiresOn: '2028-10-12' },
    { lotNumber: '2605-10042', manufacturedOn: '2026-05-23', expiresOn: '2028-05-23' },
  ],
  documents: [{ title: 'Staining protocol', url: 'https://docs.example.com/fc-cd4-protocol.pdf' }],
  stock: [
    { warehouse: 'BOS', quantity: 40, leadTimeDays: 2 },
    { warehouse: 'LEI', quantity: 0, leadTimeDays: 14 },
  ],
  discontinued: null,
};

/** A block of `name` ready to render, its fields parsed with the block's schema (defaults applied). */
export function readyBlock<N extends BlockName>(
  name: N,
  fields: BlockFieldsInput[N],
  data: BlockData[N],
  extra: Partial<Pick<RenderedBlockOf<N>, 'column' | 'scripts' | 'styles' | 'logo'>> = {},
): RenderedBlockOf<N> {
  return {
    blockId: `${name}-1`,
    componentName: name,
    column: 0,
    logo: null,
    scripts: [],
    styles: [],
    ...extra,
    state: { status: 'ready', fields: blockFieldSchemas[name].parse(fields) as BlockFields[N], data },
  };
}
