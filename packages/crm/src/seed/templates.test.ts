import { blockFieldSchemas, isBlockName, sectionSchema } from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_SUPPLIER } from './storefronts';
import { buildTemplates } from './templates';

const storefront = { storefrontId: 'a0S5g0000000001AAA', guestAccessible: true, supplier: DEMO_SUPPLIER };
const templates = buildTemplates(storefront);
const blocks = templates.flatMap((template) => template.sections.flatMap((section) => section.blocks));

describe('buildTemplates', () => {
  it('has the pages the storefront routes to', () => {
    expect(templates.map((template) => template.key)).toEqual([
      'home',
      'about',
      'support',
      'category',
      'search',
      'list',
      'detail',
      'product',
      'productDetails',
      'offers-list',
      'offers-detail',
      'flow-cytometry',
      'flow_consumables',
      'imaging_consumables',
      'genomics_consumables',
      'genomics_service',
      'account',
      'cart',
      'guidance',
      'checkout',
      'express-checkout',
      'quotes',
      'quote',
    ]);
    expect(new Set(templates.map((template) => template.name)).size).toBe(templates.length);
  });

  it('has the account page and the record pages, for signed-in users only', () => {
    const accountPages = templates.filter((template) => template.meta.Page_Category === 'My Account');
    expect(accountPages.map((template) => [template.name, template.meta.Page_Type])).toEqual([
      ['account', 'Content'],
      ['quotes', 'List page'],
      ['quote', 'Details page'],
    ]);
  });

  it('seeds a checkout per layout, each with its steps in sequence and its quote PDF template', () => {
    const checkoutBlocks = (key: string, guestAccessible: boolean) => {
      const template = buildTemplates({ ...storefront, guestAccessible }).find((entry) => entry.key === key);
      expect(template?.meta.Quote_eDocument_ID).toBeTruthy();
      return template?.sections.flatMap((entry) => entry.blocks.map((block) => block.componentName));
    };
    const steps = [
      'checkoutAccount',
      'shippingAddress',
      'shippingMethod',
      'customForm',
      'termsAndPayment',
      'quoteSummary',
      'customCode',
    ];
    // default: the shared header with its navigation; nonavigation: without it; wrapperless: the steps alone.
    expect(checkoutBlocks('checkout', true)).toEqual(['header', 'navigation', ...steps, 'footer']);
    expect(checkoutBlocks('checkout', false)).toEqual(['header', ...steps.slice(1), 'footer']);
    expect(checkoutBlocks('express-checkout', true)).toEqual(steps);
  });

  it('marks exactly one home page and one friendly URL per landing page', () => {
    expect(templates.filter((template) => template.meta.Portal_Home).map((template) => template.key)).toEqual(
      ['home'],
    );
    expect(
      templates
        .filter((template) => template.meta.Friendly_URL)
        .map((template) => template.meta.Friendly_URL),
    ).toEqual([
      '/home',
      '/flow-cytometry',
      '/flow_consumables',
      '/imaging_consumables',
      '/genomics_consumables',
      '/genomics_service',
      '/express-checkout',
    ]);
  });

  it('gives every page but the wrapperless checkout a header and a footer around its content', () => {
    for (const template of templates.filter((entry) => entry.key !== 'express-checkout')) {
      const types = template.sections.map((section) => section.sectionType);
      expect(types[0]).toBe('Header');
      expect(types.at(-1)).toBe('Footer');
      expect(types).toContain('Content');
    }
  });

  it('holds sections the contract accepts and block fields each block schema accepts', () => {
    for (const section of templates.flatMap((template) => template.sections)) {
      expect(sectionSchema.parse(section)).toEqual(section);
    }
    for (const block of blocks) {
      expect(isBlockName(block.componentName)).toBe(true);
      if (isBlockName(block.componentName)) {
        expect(blockFieldSchemas[block.componentName].safeParse(block.fields).success).toBe(true);
      }
    }
  });

  it('uses unique section and block ids', () => {
    const sectionIds = templates.flatMap((template) => template.sections.map((section) => section.sectionId));
    expect(new Set(sectionIds).size).toBe(sectionIds.length);
    expect(new Set(blocks.map((block) => block.blockId)).size).toBe(blocks.length);
  });

  it('has a guest-only and a signed-in-only block; a storefront without guests has no guest block', () => {
    const visibilities = blocks.map((block) => block.configuration.visibility);
    expect(visibilities).toContain('GUEST');
    expect(visibilities).toContain('AUTHENTICATED');
    const members = buildTemplates({ ...storefront, guestAccessible: false }).flatMap((template) =>
      template.sections.flatMap((section) => section.blocks.map((block) => block.configuration.visibility)),
    );
    expect(members).not.toContain('GUEST');
  });

  it('never asks a signed-in user to sign in: text inviting it is for guests only', () => {
    for (const guestAccessible of [true, false]) {
      const shown = buildTemplates({ ...storefront, guestAccessible })
        .flatMap((template) => template.sections.flatMap((section) => section.blocks))
        .filter((block) => block.configuration.visibility !== 'GUEST');
      expect(shown.filter((block) => /sign in/i.test(JSON.stringify(block.fields)))).toEqual([]);
    }
  });

  it('is deterministic, with creation dates in list order', () => {
    expect(buildTemplates(storefront)).toEqual(templates);
    const dates = templates.map((template) => Date.parse(template.createdDate));
    expect([...dates].sort((a, b) => a - b)).toEqual(dates);
  });
});
