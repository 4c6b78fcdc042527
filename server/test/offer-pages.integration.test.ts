import { offers, templates } from '@storefront/crm/db/schema';
import { openSeededCrm, type SeededCrm, testEngines } from '@storefront/crm/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type StorefrontLoadContext,
  storefrontLoadContext,
} from '../../apps/storefront/app/lib/load-context';
import { routeContext } from './route-context';

/** The template page's route module, loaded as React Router loads it (by URL: the app is type checked apart). */
const { loader } = (await import(
  new URL('../../apps/storefront/app/routes/template-page.tsx', import.meta.url).href
)) as { loader: (args: unknown) => Promise<unknown> };

interface Card {
  id: string;
  name: string;
}
interface Offer {
  id: string;
  name: string;
  offerType: string;
  discount: number;
  validTo: string | null;
}
interface Block {
  componentName: string;
  state: { status: string; data?: Record<string, unknown> };
}
interface Page {
  sections: { blocks: Block[] }[];
}
type OfferListData = { offers: { offer: Offer; items: Card[]; itemCount: number; href: string | null }[] };
type OfferDetailData = { offer: Offer; items: Card[]; state: string; listHref: string | null };

function isDataWithHeaders(value: unknown): value is { data: unknown } {
  return (
    typeof value === 'object' && value !== null && 'type' in value && value.type === 'DataWithResponseInit'
  );
}

/**
 * The offer pages (spec P§2 /offers/list/{id}, /offers/detail/{id}) list and show Offer records: their name,
 * discount, validity and the products of the viewer's catalogue they cover; never a list of products only.
 */
describe.each(await testEngines())('the offer pages on $name', (engine) => {
  let crm: SeededCrm;
  let context: StorefrontLoadContext;
  const templateIds = new Map<string, string>();
  const offerIds = new Map<string, string>();

  async function visit(path: string, params: Record<string, string> = {}): Promise<Page> {
    const request = new Request(`http://localhost${path}`);
    const loaded = await loader({
      request,
      url: new URL(request.url),
      params,
      context: storefrontLoadContext(context),
    });
    return (isDataWithHeaders(loaded) ? loaded.data : loaded) as Page;
  }

  function blockData<T>(page: Page, componentName: string): T {
    const block = page.sections
      .flatMap((section) => section.blocks)
      .find((b) => b.componentName === componentName);
    expect(block?.state.status).toBe('ready');
    return block?.state.data as T;
  }

  const idOf = (ids: Map<string, string>, name: string) => {
    const id = ids.get(name);
    if (!id) throw new Error(`The demo has no ${name}.`);
    return id;
  };

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    context = routeContext(crm);
    const { db } = crm.database;
    for (const row of await db
      .select({ id: templates.id, name: templates.name })
      .from(templates)
      .where(eq(templates.storefrontId, crm.ids.storefrontA))) {
      templateIds.set(row.name, row.id);
    }
    for (const row of await db.select({ id: offers.id, name: offers.name }).from(offers)) {
      offerIds.set(row.name, row.id);
    }
  });
  afterAll(() => crm.close());

  it('lists the offers valid today with their discount and the products they cover, each linking to its page', async () => {
    const list = idOf(templateIds, 'offers');
    const page = await visit(`/offers/list/${list}`, { id: list });
    const { offers: listed } = blockData<OfferListData>(page, 'offerList');
    // The CRM's day is 2025-06-15: the imaging plates' launch offer ended in June 2024; the partner
    // storefront's offer is not this storefront's.
    expect(listed.map(({ offer }) => offer.name)).toEqual([
      'Bright Dye Savings',
      'Cytometer Trade-In Credit',
      'NGS Library Prep Bundle',
    ]);
    const detail = idOf(templateIds, 'offers-detail');
    for (const { offer, items, itemCount, href } of listed) {
      expect(itemCount).toBeGreaterThanOrEqual(items.length);
      expect(items.length).toBeGreaterThan(0);
      expect(items.length).toBeLessThanOrEqual(4);
      expect(href).toBe(`/offers/detail/${detail}?id=${offer.id}`);
    }
    expect(listed[0]?.offer).toMatchObject({ offerType: 'Percent', discount: 15, validTo: null });
    // The nothing-but-products list of before is gone from the page.
    expect(page.sections.flatMap((s) => s.blocks).map((b) => b.componentName)).not.toContain('productList');
    // /offers (the navigation's link) is the same list.
    const named = blockData<OfferListData>(await visit('/offers', { page: 'offers' }), 'offerList');
    expect(named.offers.map(({ offer }) => offer.id)).toEqual(listed.map(({ offer }) => offer.id));
  });

  it('shows one offer with every product it covers, as many as the list counted', async () => {
    const list = idOf(templateIds, 'offers');
    const listed = blockData<OfferListData>(await visit(`/offers/list/${list}`, { id: list }), 'offerList');
    const bright = listed.offers.find(({ offer }) => offer.name === 'Bright Dye Savings');
    const detail = idOf(templateIds, 'offers-detail');
    const page = await visit(`/offers/detail/${detail}?id=${bright?.offer.id}`, { id: detail });
    const shown = blockData<OfferDetailData>(page, 'offerDetail');
    expect(shown.offer.name).toBe('Bright Dye Savings');
    expect(shown.state).toBe('current');
    expect(shown.items).toHaveLength(bright?.itemCount ?? -1);
    expect(shown.items.slice(0, bright?.items.length).map((item) => item.id)).toEqual(
      bright?.items.map((item) => item.id),
    );
    expect(shown.listHref).toBe(`/offers/list/${list}`);
  });

  it('says when an offer has ended, and knows no offer of another storefront', async () => {
    const detail = idOf(templateIds, 'offers-detail');
    const ended = await visit(`/offers/detail/${detail}?id=${idOf(offerIds, 'Imaging Plate Launch Offer')}`, {
      id: detail,
    });
    expect(blockData<OfferDetailData>(ended, 'offerDetail')).toMatchObject({
      state: 'ended',
      offer: { validTo: '2024-06-30' },
    });
    const partners = `/offers/detail/${detail}?id=${idOf(offerIds, 'Partner Service Parts Discount')}`;
    await expect(visit(partners, { id: detail })).rejects.toMatchObject({
      init: { status: 404 },
      data: { message: `Page Not Found: /offers/detail/${detail}` },
    });
  });
});
