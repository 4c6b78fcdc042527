// @vitest-environment node
import type { BlockFieldsInput, BlockName } from '@storefront/contracts/block-fields';
import {
  type Section,
  sectionSchema,
  type TemplateRecord,
  templateMetaSchema,
} from '@storefront/contracts/blocks';
import type { DomainDetails } from '@storefront/contracts/storefront';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storefrontLoadContext } from '../lib/load-context';
import { item } from '../testing/fixtures';
import { amplifyCookies, SIGNED_IN_ENVELOPE } from '../testing/tokens';
import { loadTemplatePage, shareablePage } from './page.server';
import type { TemplatePageData } from './types';

const storefront: DomainDetails = {
  domain: 'shop.example.com',
  clientId: 'client',
  clientName: 'web',
  guestAccountId: 'guest-1',
  awsUserPoolId: 'us-east-1_x',
  storefrontId: 'stf-1',
  storefrontName: 'Helix Life Sciences',
  resourcesDomain: 'resources.example.com',
  organizationId: 'org-1',
  salesforceOrgId: '00D',
  ssoInfo: null,
  theme: {
    key: 'theme',
    primaryColor: '#0b5fa5',
    accentColor: '#12a38a',
    textColor: '#1d2733',
    backgroundColor: '#ffffff',
    fontFamily: 'Arial',
    logoUrl: '/logo.svg',
  },
};

const template = (templateId: string, name: string, meta: object = {}): TemplateRecord => ({
  templateId,
  storefrontId: 'stf-1',
  name,
  createdDate: '2024-01-01T00:00:00Z',
  meta: templateMetaSchema.parse(meta),
});

const TEMPLATES = [
  template('t-home', 'home', { Portal_Home: true, Page_Title: 'Home' }),
  template('t-category', 'category'),
  template('t-account', 'account', { Page_Category: 'My Account' }),
  template('t-other-storefront', 'about'),
].map((t) => (t.templateId === 't-other-storefront' ? { ...t, storefrontId: 'stf-2' } : t));

const block = <N extends BlockName>(
  blockId: string,
  componentName: N,
  fields: BlockFieldsInput[N],
  configuration: object = {},
) => ({
  blockId,
  componentName,
  fields,
  configuration,
  customCSS: [{ staticResource: 'brand' }],
});

const SECTIONS: Record<string, Section[]> = {
  't-home': [
    sectionSchema.parse({
      sectionId: 'footer',
      sectionType: 'Footer',
      sortOrder: 1,
      blocks: [block('f', 'footer', { copyright: '© {!storefrontName}' })],
    }),
    sectionSchema.parse({
      sectionId: 'content',
      sectionType: 'Content',
      sortOrder: 1,
      blocks: [
        block('hello', 'richText', { heading: 'Hello' }),
        block('guests', 'richText', { heading: 'Guests' }, { visibility: 'GUEST' }),
        block('members', 'richText', { heading: 'Members' }, { visibility: 'AUTHENTICATED' }),
        block('broken-card', 'productCard', { itemId: 'missing-item' }),
        block('bad-fields', 'image', { src: '/x.png' } as BlockFieldsInput['image']),
        block('unknown', 'carousel' as BlockName, {} as never),
      ],
    }),
    sectionSchema.parse({
      sectionId: 'header',
      sectionType: 'Header',
      sortOrder: 1,
      blocks: [block('nav', 'navigation', {}, {})].map((b) => ({ ...b, blockFormat: 'Navigation' })),
    }),
  ],
  't-category': [
    sectionSchema.parse({
      sectionId: 'list',
      sectionType: 'Content',
      sortOrder: 1,
      blocks: [block('list', 'productList', {})],
    }),
  ],
};

interface Call {
  field: string;
  variables: Record<string, unknown>;
  authorization: string | null;
  crm?: {
    type: string;
    callType: string;
    endpoint: string;
    payload: Record<string, unknown> | null;
    data: Record<string, unknown>;
  };
}

/** A gateway answering from the tables above and recording every call. */
function fakeGateway(overrides: Record<string, unknown> = {}, failingTypes: readonly string[] = []) {
  const calls: Call[] = [];
  const crmAnswers: Record<
    string,
    (payload: Record<string, unknown> | null, endpoint: URLSearchParams) => unknown
  > = {
    getMergedMetaInfo: () => ({
      pageTitle: 'Welcome',
      description: 'Reagents.',
      type: 'website',
      canonical: '',
      image: '',
      card: 'summary',
      site: '',
      keywords: '',
      twittersite: '',
      favicon: '',
      robots: '',
      templateId: 'home',
      ecatalogItemId: null,
      eCatalogId: null,
    }),
    getEcatalogDetails: () => ({
      catalog: { id: 'cat', name: 'Full', type: 'Full', priceSource: 'List Price', currency: 'USD' },
      categories: [{ id: 'c1', name: 'Genomics Kits', slug: 'genomics-kits', parentId: null, sortOrder: 1 }],
    }),
    getFormattedObjectDetails: (_payload, params) =>
      params.get('objectid') === item.id ? item : { statusCode: 404, content: 'ERROR: No records Found.' },
    retrieveCatalogNG: () => ({ items: [item], totalCount: 1, capped: false, page: 1, pageSize: 24 }),
    getCatalogGroupCounts: () => [
      { categoryId: 'c1', name: 'Genomics Kits', count: 1 },
      { categoryId: 'c2', name: 'Instruments', count: 0 },
    ],
    getAccountDetails: (payload) => ({
      Id: payload?.accountId,
      Name: payload?.accountId === 'acc-site' ? 'Lima Labs Cambridge' : 'Lima Labs',
      billingAddress: null,
      shippingAddress: null,
      paymentTerms: null,
      currency: 'USD',
      usersCount: 1,
      parentAccount: null,
    }),
    getCatalogPicklistGroupCounts: (payload) =>
      payload?.field === 'Conjugate' ? [{ value: 'FITC', count: 1 }] : [],
  };
  /** One call's envelope, from the tables above. */
  const answer = (call: Call): unknown => {
    const { field, variables } = call;
    if (field in overrides) return overrides[field];
    if (field === 'getLoginInfo') return SIGNED_IN_ENVELOPE;
    if (field === 'templateDetails') return { statusCode: 200, content: TEMPLATES };
    if (field === 'getTemplateBlock') {
      const templateId = String(variables.templateId);
      return {
        statusCode: 200,
        content: { storefrontId: 'stf-1', templateId, blocks: SECTIONS[templateId] ?? [] },
      };
    }
    const data = JSON.parse(String(variables.data)) as {
      callType: string;
      endpoint: string;
      payload?: string;
    };
    const params = new URL(data.endpoint, 'http://x').searchParams;
    const type = params.get('type') ?? '';
    const payload = data.payload ? (JSON.parse(data.payload) as Record<string, unknown>) : null;
    call.crm = { type, callType: data.callType, endpoint: data.endpoint, payload, data };
    const content = failingTypes.includes(type)
      ? { statusCode: 500, content: 'ERROR: CRM unavailable' }
      : crmAnswers[type]?.(payload, params);
    return isEnvelope(content) ? content : { statusCode: 200, content };
  };
  /** A request of one named query or of several aliased ones: each field is answered on its own. */
  const gatewayFetch = async (request: Request): Promise<Response> => {
    const body = (await request.json()) as { query: string; variables: Record<string, unknown> };
    const selections = body.query.slice(body.query.indexOf('{'));
    const data: Record<string, string> = {};
    for (const [, alias, field = '', args = ''] of selections.matchAll(/(?:(\w+):\s*)?(\w+)\(([^)]*)\)/g)) {
      const variables = Object.fromEntries(
        [...args.matchAll(/(\w+): \$(\w+)/g)].map(([, name = '', variable = '']) => [
          name,
          body.variables[variable],
        ]),
      );
      const call: Call = { field, variables, authorization: request.headers.get('authorization') };
      calls.push(call);
      data[alias ?? field] = JSON.stringify(answer(call));
    }
    return Response.json({ data });
  };
  return { calls, gatewayFetch };
}

function isEnvelope(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'statusCode' in value;
}

interface LoadOptions {
  domain?: DomainDetails | null;
  /** The page request's cookie header (a signed-in browser: amplifyCookies()). */
  cookie?: string;
  overrides?: Record<string, unknown>;
  failingTypes?: string[];
  /** Rendered for the request's price context, as the page cache asks (docs/decisions/0067). */
  renderShared?: boolean;
}

function load(path: string, params: Record<string, string> = {}, options: LoadOptions = {}) {
  const gateway = fakeGateway(options.overrides, options.failingTypes);
  const context = storefrontLoadContext({
    gatewayFetch: gateway.gatewayFetch,
    resolveDomain: async (host) =>
      host === 'shop.example.com' ? (options.domain === undefined ? storefront : options.domain) : null,
    gatewayApiKey: 'key',
    cspNonce: 'nonce',
    overHttps: false,
    renderShared: options.renderShared,
  });
  const url = new URL(path, 'http://shop.example.com');
  const request = new Request(url, options.cookie ? { headers: { cookie: options.cookie } } : {});
  const result = loadTemplatePage({ request, url, pattern: '', params, context });
  return { result, calls: gateway.calls, context };
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the loader to throw');
    },
    (error: unknown) => error,
  );
}

const blockIds = (page: TemplatePageData) =>
  page.sections.map((section) => [section.sectionId, section.blocks.map((b) => b.blockId)]);

describe('loadTemplatePage', () => {
  beforeEach(() => {
    // Bad fields and failing loaders are logged on the server; keep the test output clean.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('renders the home template: sections in order, visible blocks only, each with its data', async () => {
    const { result } = load('/');
    const page = await result;
    expect(page.templateId).toBe('t-home');
    expect(blockIds(page)).toEqual([
      ['header', ['nav']],
      ['content', ['hello', 'guests', 'broken-card', 'bad-fields']],
      ['footer', ['f']],
    ]);
    const nav = page.sections[0]?.blocks[0];
    expect(nav?.state).toEqual({
      status: 'ready',
      fields: { label: 'Main', links: [] },
      data: { categories: [expect.objectContaining({ id: 'c1' })] },
    });
    expect(nav?.styles).toEqual(['https://resources.example.com/resource/org-1/brand.css']);
    expect(page.page.placeholders.storefrontName).toBe('Helix Life Sciences');
    expect(page.head).toMatchObject({
      title: 'Welcome',
      description: 'Reagents.',
      canonical: 'http://shop.example.com/',
    });
  });

  it('gives a failing block or bad fields their error state, not the page', async () => {
    const page = await load('/').result;
    const content = page.sections[1]?.blocks ?? [];
    expect(content.find((b) => b.blockId === 'broken-card')?.state).toEqual({
      status: 'ready',
      fields: expect.anything(),
      data: { item: null },
    });
    expect(content.find((b) => b.blockId === 'bad-fields')?.state).toEqual({
      status: 'error',
      message: 'This content is not configured correctly.',
    });
  });

  it('shows a failing block loader as its error state while the rest of the page renders', async () => {
    const page = await load('/', {}, { failingTypes: ['getEcatalogDetails'] }).result;
    expect(page.sections[0]?.blocks[0]?.state).toEqual({
      status: 'error',
      message: 'This content could not be loaded. Please try again later.',
    });
    expect(page.sections[1]?.blocks[0]?.state.status).toBe('ready');
  });

  it('renders the page with default head tags when the meta call fails', async () => {
    const page = await load('/', {}, { failingTypes: ['getMergedMetaInfo'] }).result;
    expect(page.head.title).toBe('Home');
  });

  it('sends CRM calls through makeCall with the guest account, storefront and host', async () => {
    const { result, calls } = load('/category/c1?Conjugate=FITC&page=1', { id: 'c1' });
    await result;
    const catalog = calls.find((call) => call.crm?.type === 'retrieveCatalogNG')?.crm;
    expect(catalog?.callType).toBe('POST');
    expect(catalog?.endpoint).toBe('/services/apexrest/ecommerce?type=retrieveCatalogNG');
    expect(catalog?.payload).toMatchObject({
      storefrontId: 'stf-1',
      accountId: 'guest-1',
      categoryId: 'c1',
      filters: { Conjugate: ['FITC'] },
      page: 1,
    });
    expect(catalog?.data).toMatchObject({
      userType: 'AWSGuest',
      accountId: 'guest-1',
      domain: 'shop.example.com',
    });
    const meta = calls.find((call) => call.crm?.type === 'getMergedMetaInfo')?.crm;
    expect(meta?.callType).toBe('GET');
    expect(meta?.endpoint).toBe(
      '/services/apexrest/ecommerce?type=getMergedMetaInfo&accId=guest-1&stfId=stf-1&url=%2Fcategory%2Fc1',
    );
    expect(calls.find((call) => call.field === 'templateDetails')?.variables).toEqual({
      organizationId: 'org-1',
    });
  });

  it('loads the product list for the category of the route, with its name', async () => {
    const page = await load('/category/c1', { id: 'c1' }).result;
    const list = page.sections[0]?.blocks[0];
    expect(list?.componentName).toBe('productList');
    if (list?.componentName === 'productList' && list.state.status === 'ready') {
      expect(list.state.data.pinnedCategory?.name).toBe('Genomics Kits');
      expect(list.state.data.items).toHaveLength(1);
      expect(list.state.data.facets.picklists).toEqual([
        { field: 'Conjugate', options: [{ value: 'FITC', count: 1 }] },
      ]);
    }
  });

  it("makes a category's product list, its first picture, the page's lead image", async () => {
    const page = await load('/category/c1', { id: 'c1' }).result;
    expect(page.page.leadImage).toBe(page.sections[0]?.blocks[0]?.blockId);
  });

  it("titles a category page with the category's name when the CRM's meta cannot be had", async () => {
    const page = await load(
      '/category/genomics-kits',
      { id: 'genomics-kits' },
      { failingTypes: ['getMergedMetaInfo'] },
    ).result;
    expect(page.head.title).toBe('Genomics Kits');
  });

  it("answers a category the viewer's catalogue lacks with 404 'Page Not Found: {path}'", async () => {
    for (const id of ['does-not-exist', 'c-of-another-catalogue']) {
      const error = await thrown(load(`/category/${id}`, { id }).result);
      expect(error).toMatchObject({
        init: { status: 404 },
        data: { message: `Page Not Found: /category/${id}` },
      });
    }
  });

  it('offers as category facets only the categories that have matching products', async () => {
    const page = await load('/category').result;
    const list = page.sections[0]?.blocks[0];
    expect(list?.state.status).toBe('ready');
    if (list?.componentName === 'productList' && list.state.status === 'ready') {
      expect(list.state.data.facets.categories).toEqual([
        { categoryId: 'c1', name: 'Genomics Kits', count: 1 },
      ]);
    }
  });

  it("answers a path without a template with 404 'Page Not Found: {path}'", async () => {
    const error = await thrown(load('/about').result);
    expect(error).toMatchObject({ init: { status: 404 }, data: { message: 'Page Not Found: /about' } });
  });

  it("answers 404 when the CMS says 'ERROR: No template found'", async () => {
    const error = await thrown(
      load(
        '/',
        {},
        { overrides: { getTemplateBlock: { statusCode: 404, content: 'ERROR: No template found' } } },
      ).result,
    );
    expect(error).toMatchObject({ init: { status: 404 }, data: { message: 'Page Not Found: /' } });
  });

  it('renders the template ?pageid names in place of the path’s, on the same rules (spec P§2)', async () => {
    expect((await load('/?pageid=t-category').result).templateId).toBe('t-category');
    const unknown = await thrown(load('/?pageid=t-nope').result);
    expect(unknown).toMatchObject({ init: { status: 404 }, data: { message: 'Page Not Found: /' } });
    // An account page's blocks stay behind sign-in, whichever way they are looked up.
    const guarded = await thrown(load('/?pageid=t-account').result);
    expect((guarded as Response).headers.get('location')).toBe('/login?redirect=%2F%3Fpageid%3Dt-account');
  });

  it('turns dev mode on with ?isDev=true or 1, and only then (spec P§2)', async () => {
    expect((await load('/?isDev=true').result).page.devMode).toBe(true);
    expect((await load('/?isDev=1').result).page.devMode).toBe(true);
    expect((await load('/?isDev=false').result).page.devMode).toBe(false);
    expect((await load('/').result).page.devMode).toBe(false);
  });

  it('keeps no quote a guest without a cart names in the URL', async () => {
    const { result, calls } = load('/?quoteId=0Q0000000000001');
    expect((await result).page.namedQuoteId).toBeNull();
    expect(calls.some((call) => call.crm?.type === 'getQuoteItems')).toBe(false);
  });

  it("answers an unknown host with 404 'Storefront Not Found'", async () => {
    const error = await thrown(load('/', {}, { domain: null }).result);
    expect(error).toMatchObject({ init: { status: 404 }, data: { message: 'Storefront Not Found' } });
  });

  it('sends visitors of an authenticated-only storefront to sign-in, keeping the path', async () => {
    const error = await thrown(
      load('/category/c1?page=2', { id: 'c1' }, { domain: { ...storefront, guestAccountId: null } }).result,
    );
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(302);
    expect((error as Response).headers.get('location')).toBe('/login?redirect=%2Fcategory%2Fc1%3Fpage%3D2');
  });

  it('renders for the signed-in user: their blocks, their account and their token', async () => {
    const { result, calls } = load('/', {}, { cookie: amplifyCookies() });
    const page = await result;
    expect(blockIds(page)[1]).toEqual(['content', ['hello', 'members', 'broken-card', 'bad-fields']]);
    expect(page.page.viewer).toEqual({ signedIn: true, name: 'Ana Lima', actingFor: null });
    expect(calls.every((call) => call.authorization?.startsWith('Bearer ey'))).toBe(true);
    expect(calls.find((call) => call.crm?.type === 'getMergedMetaInfo')?.crm?.data).toMatchObject({
      userType: 'AWSManager',
      accountId: 'acc-1',
    });
  });

  it('takes the user type and account from the gateway’s verified answer, not from the cookie', async () => {
    const verified = {
      userType: 'AWSPortalUser',
      accountId: 'acc-verified',
      homeAccountId: 'acc-verified',
      shipToAccountId: null,
      accountIds: ['acc-verified', 'guest-1'],
      username: 'ana@example.com',
    };
    const { result, calls } = load(
      '/',
      {},
      { cookie: amplifyCookies(), overrides: { getLoginInfo: { statusCode: 200, content: verified } } },
    );
    await result;
    expect(calls.find((call) => call.crm?.type === 'getMergedMetaInfo')?.crm?.data).toMatchObject({
      userType: 'AWSPortalUser',
      accountId: 'acc-verified',
    });
  });

  it('names the account in view for a user who may act for several, their own as well as a related one', async () => {
    const several = (accountId: string) => ({
      getLoginInfo: {
        statusCode: 200,
        content: {
          ...SIGNED_IN_ENVELOPE.content,
          accountId,
          accountIds: ['acc-1', 'acc-site', 'guest-1'],
        },
      },
    });
    const own = load('/', {}, { cookie: amplifyCookies(), overrides: several('acc-1') });
    expect((await own.result).page.viewer).toEqual({
      signedIn: true,
      name: 'Ana Lima',
      actingFor: 'Lima Labs',
    });
    const site = load('/', {}, { cookie: amplifyCookies(), overrides: several('acc-site') });
    expect((await site.result).page.viewer).toMatchObject({ actingFor: 'Lima Labs Cambridge' });
    // A user of one account is not told which account they buy for: there is no other.
    const single = load('/', {}, { cookie: amplifyCookies() });
    expect((await single.result).page.viewer).toMatchObject({ actingFor: null });
    expect(single.calls.some((call) => call.crm?.type === 'getAccountDetails')).toBe(false);
  });

  it('renders for a guest without a token and with the header offering sign-in', async () => {
    const { result, calls } = load('/');
    expect((await result).page.viewer).toEqual({ signedIn: false, name: null, actingFor: null });
    expect(calls.every((call) => call.authorization === null)).toBe(true);
  });

  it('leaves the viewer’s name out of a page rendered for its price context, and lets the server keep it', async () => {
    const shared = load('/', {}, { cookie: amplifyCookies(), renderShared: true });
    const page = await shared.result;
    expect(page.page.viewer).toMatchObject({ signedIn: true, name: null });
    expect(shareablePage(page, shared.context)).toBe(true);

    // Rendered for the buyer alone, the page has their name and is not kept for anyone else.
    const own = load('/', {}, { cookie: amplifyCookies() });
    const ownPage = await own.result;
    expect(ownPage.page.viewer.name).toEqual(expect.any(String));
    expect(shareablePage(ownPage, own.context)).toBe(false);
    const guest = load('/');
    expect(shareablePage(await guest.result, guest.context)).toBe(true);
  });

  it('sends a guest on an account page to sign-in, keeping the path', async () => {
    const error = await thrown(load('/account?tab=orders').result);
    expect((error as Response).headers.get('location')).toBe('/login?redirect=%2Faccount%3Ftab%3Dorders');
    const page = await load('/account', {}, { cookie: amplifyCookies() }).result;
    expect(page.templateId).toBe('t-account');
  });

  it('lets a signed-in user through an authenticated-only storefront', async () => {
    const domain = { ...storefront, guestAccountId: null };
    const page = await load('/', {}, { domain, cookie: amplifyCookies() }).result;
    expect(page.templateId).toBe('t-home');
  });

  it('sends an expired session to sign-in, whose page refreshes it', async () => {
    const cookie = amplifyCookies({ access: { exp: Math.floor(Date.now() / 1000) - 60 } });
    const error = await thrown(load('/category/c1', { id: 'c1' }, { cookie }).result);
    expect((error as Response).headers.get('location')).toBe('/login?redirect=%2Fcategory%2Fc1');
  });

  it('passes the hosted-login code on / to the sign-in page, also on an authenticated-only storefront', async () => {
    const domain = { ...storefront, guestAccountId: null };
    const error = await thrown(load('/?code=c-1&state=s-1', {}, { domain }).result);
    expect((error as Response).headers.get('location')).toBe('/login?code=c-1&state=s-1');
  });

  it('ends a session the gateway refuses: sign-in says it expired', async () => {
    const refused = await thrown(
      load(
        '/',
        {},
        {
          cookie: amplifyCookies(),
          overrides: { getLoginInfo: { statusCode: 401, content: 'Not signed in' } },
        },
      ).result,
    );
    expect((refused as Response).headers.get('location')).toBe('/login?redirect=%2F&expired=1');
  });

  it('sends a 401 from the gateway to sign-in and lets other failures through', async () => {
    const refused = await thrown(
      load('/', {}, { overrides: { templateDetails: { statusCode: 401, content: 'Not signed in' } } }).result,
    );
    expect((refused as Response).headers.get('location')).toBe('/login?redirect=%2F');
    const failed = await thrown(
      load('/', {}, { overrides: { templateDetails: { statusCode: 500, content: 'boom' } } }).result,
    );
    expect(failed).toMatchObject({ status: 500, message: 'boom' });
  });
});
