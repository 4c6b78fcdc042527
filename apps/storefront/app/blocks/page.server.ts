import { type BlockName, isBlockName } from '@storefront/contracts/block-fields';
import type { Block, Section, TemplateRecord } from '@storefront/contracts/blocks';
import type { EcatalogDetails } from '@storefront/contracts/catalogue';
import { pageNotFoundMessage } from '@storefront/contracts/page-not-found';
import { resolveTemplate } from '@storefront/contracts/template-resolution';
import { data, type LoaderFunctionArgs, type Params, type RouterContextProvider } from 'react-router';
import { loadCart } from '../features/cart/cart.server';
import { isAccountPage } from '../lib/account-pages';
import { findCategory } from '../lib/catalogue';
import { productDetail } from '../lib/catalogue.server';
import { loadPageMeta, loadSections, loadTemplates } from '../lib/content.server';
import { accountScope, crmCall, orNone } from '../lib/crm.server';
import { GatewayCallError } from '../lib/gateway';
import { guidanceRedirect } from '../lib/guidance.server';
import { serverContext } from '../lib/load-context';
import { headTags } from '../lib/meta';
import { siteOrigin } from '../lib/paths';
import { resourceUrl } from '../lib/static-resources';
import {
  brandOf,
  identifyViewer,
  openSession,
  requireAccountSession,
  type StorefrontSession,
  signInRedirect,
} from '../lib/storefront.server';
import { blockScripts } from './block-scripts.server';
import { describeImages } from './image-descriptions.server';
import { sectionBox } from './layout';
import type { BlockLoaderArgs, PageTarget } from './loader-types.server';
import { MissingRecord } from './missing-record.server';
import { orderSections, visibleSections } from './order';
import { pageHead } from './page-head';
import { blockDefinitions } from './registry.server';
import type {
  BlockState,
  PageContext,
  RenderedBlock,
  RenderedBlockOf,
  RenderedSection,
  TemplatePageData,
} from './types';
import { sameForPriceContext } from './viewer-blocks';

/**
 * Storefront → template → blocks and meta → every block's data, in three rounds of gateway calls at most,
 * each round one request (docs/decisions/0042): the template list (with the viewer's check, or a guest's
 * meta), then the template's blocks with every read the URL already names, then what the blocks still need.
 * A missing template, and a record the page's blocks find missing (MissingRecord), are the 404 page 'Page Not
 * Found: {path}' answered in place (the URL stays); an account page sends a guest to sign-in (spec P§2).
 */
export async function loadTemplatePage(args: LoaderFunctionArgs): Promise<TemplatePageData> {
  const opened = await openSession(args);
  const templatesRead = loadTemplates(opened);
  // Read once the viewer is known; when the viewer goes to sign-in instead, nobody needs it.
  templatesRead.catch(() => {});
  const session = await identifyViewer(opened);
  const path = session.url.pathname;
  const metaRead = loadPageMeta(session, path).catch(() => null);
  try {
    const templates = await templatesRead;
    const guidance = guidanceRedirect(args.request, session, templates);
    if (guidance) throw guidance;
    const template = pageTemplate(session.url, templates);
    if (!template) throw pageNotFound(path);
    if (session.viewer.isGuest && isAccountPage(template.meta)) throw signInRedirect(session.url);
    const target = pageTarget(session.url, args.params);
    const reads = pageReads(session, target);
    prefetch(reads.catalogue);
    if (target.productSlug) prefetch(reads.product);
    const [sections, meta, category, namedQuoteId, actingFor] = await Promise.all([
      loadSections(session, template.templateId),
      metaRead,
      target.categoryId ? routeCategory(reads.catalogue, target.categoryId) : null,
      target.quoteId ? activeQuoteNamed(session, target.quoteId) : null,
      actingAccountName(session),
    ]);
    if (target.categoryId && !category) throw pageNotFound(path);
    const forPriceContext = serverContext(args.context).renderShared === true;
    const rendered = await renderSections(sections, {
      session,
      target,
      ...reads,
      templates,
      page: { templateId: template.templateId, sections },
      forPriceContext,
    });
    const { storefront, url } = session;
    // Read with the template's blocks already (the header lists its categories): no further request.
    const catalogue = await reads.catalogue().catch(() => null);
    return {
      templateId: template.templateId,
      sections: rendered,
      head: pageHead(meta, {
        origin: siteOrigin(url, serverContext(args.context).overHttps),
        url,
        storefrontName: storefront.storefrontName,
        template,
        category,
        categories: catalogue?.categories ?? [],
        sections: rendered,
      }),
      page: pageContext(session, rendered, actingFor, { namedQuoteId, forPriceContext }),
    };
  } catch (error) {
    throw gatewayFailure(error, session);
  }
}

/**
 * Whether the server may keep the page for the next viewer. A page rendered for its price context
 * (`renderShared`, docs/decisions/0067) may be kept when no block on it is a viewer's own and the URL names no
 * quote of theirs; any other render, when it is a guest's (the server keeps it only for a guest without
 * cookies, docs/decisions/0044).
 */
export function shareablePage(page: TemplatePageData, context: Readonly<RouterContextProvider>): boolean {
  if (serverContext(context).renderShared !== true) return !page.page.viewer.signedIn;
  return page.page.namedQuoteId === null && sameForPriceContext(page.sections);
}

/**
 * The reads several blocks share, each made at most once a page: the viewer's catalogue (every header's
 * navigation lists its categories; a category page looks its category up in it) and the product the route
 * names.
 */
function pageReads(session: StorefrontSession, target: PageTarget): Pick<Shared, 'catalogue' | 'product'> {
  return {
    catalogue: once(() => orNone(crmCall(session, 'getEcatalogDetails', accountScope(session)))),
    product: once(() => {
      const ref = target.productSlug
        ? { slug: target.productSlug }
        : target.recordId
          ? { objectid: target.recordId }
          : null;
      return ref ? productDetail(session, ref) : Promise.resolve({ item: null, elsewhere: null });
    }),
  };
}

/**
 * Starts a read the page is all but sure to need, so it goes with the template's blocks instead of a round
 * later. Not awaited: its failure is the block's to show when the block reads it.
 */
function prefetch(read: () => Promise<unknown>): void {
  read().catch(() => {});
}

/**
 * The name of the account a user who may act for several accounts acts for now, their own or a related one
 * (the header shows it on every page); null for anyone else, or when the CRM cannot say (the name is a
 * courtesy, the page still works).
 */
async function actingAccountName({ viewer, storefront, ...session }: StorefrontSession) {
  if (!viewer.actsForSeveral) return null;
  const details = crmCall({ viewer, storefront, ...session }, 'getAccountDetails', {
    storefrontId: storefront.storefrontId,
    accountId: viewer.accountId,
  });
  return details.then(
    (account) => account.Name,
    () => null,
  );
}

/**
 * The page's template: the one `?pageid=` names (spec P§2's block lookup: any active template's blocks, on
 * the same rules as at its own path), else the path's.
 */
function pageTemplate(url: URL, templates: TemplateRecord[]): TemplateRecord | null {
  const pageId = url.searchParams.get('pageid');
  if (pageId === null) return resolveTemplate(url.pathname, templates);
  return templates.find((candidate) => candidate.templateId === pageId && candidate.meta.Active) ?? null;
}

/**
 * The quote `?quoteId` / `?quoteid` names (spec P§2), when it is the viewer's cart: the browser keeps its
 * id (EC_Quote_Id). Another account's quote, or one that is no longer a cart, is nothing to keep.
 */
async function activeQuoteNamed(session: StorefrontSession, quoteId: string): Promise<string | null> {
  const named = await loadCart(session, quoteId);
  return named.status === 'ready' && named.cart.quote.status === 'Active' && !named.cart.quote.checkedOut
    ? named.cart.quote.id
    : null;
}

/**
 * The storefront's chrome around a page of the account area (spec P§2: account pages need a signed-in user,
 * a visitor goes to /login and back): the Header and Footer sections of the home template, rendered as a
 * template page renders them, with no content of its own.
 */
export async function loadAccountChrome(
  args: LoaderFunctionArgs,
): Promise<{ session: StorefrontSession; chrome: TemplatePageData }> {
  const session = await requireAccountSession(args);
  try {
    const templates = await loadTemplates(session);
    const home = resolveTemplate('/', templates);
    const target = pageTarget(session.url, args.params);
    const [sections, actingFor] = await Promise.all([
      home ? loadSections(session, home.templateId) : [],
      actingAccountName(session),
    ]);
    const chromeSections = sections.filter((section) => section.sectionType !== 'Content');
    const rendered = await renderSections(chromeSections, {
      session,
      target,
      ...pageReads(session, target),
      templates,
      page: { templateId: home?.templateId ?? '', sections: chromeSections },
      forPriceContext: false,
    });
    const { storefront, url } = session;
    const chrome: TemplatePageData = {
      templateId: home?.templateId ?? '',
      sections: rendered,
      head: headTags(null, {
        pageUrl: siteOrigin(url, serverContext(args.context).overHttps) + url.pathname,
        storefrontName: storefront.storefrontName,
        pageTitle: 'Your account',
        hidden: true,
      }),
      page: pageContext(session, rendered, actingFor),
    };
    return { session, chrome };
  } catch (error) {
    throw gatewayFailure(error, session);
  }
}

/** The sections the viewer may see, in order, each block with its data (blocks load in parallel). */
function renderSections(sections: Section[], shared: Shared): Promise<RenderedSection[]> {
  const shown = visibleSections(orderSections(sections), shared.session.viewer);
  return Promise.all(
    shown.map(async (section) => ({
      ...section,
      ...sectionBox(section),
      blocks: (await Promise.all(section.blocks.map((block) => renderBlock(block, shared)))).filter(
        (block) => block !== null,
      ),
    })),
  );
}

/**
 * The category /category/{id} names, in the viewer's catalogue (by id or slug): a category the catalogue
 * lacks (unknown, or another catalogue's) is no page, not a list of no products.
 */
async function routeCategory(catalogue: () => Promise<EcatalogDetails | null>, idOrSlug: string) {
  return findCategory((await catalogue())?.categories ?? [], idOrSlug) ?? null;
}

function pageNotFound(path: string) {
  return data({ message: pageNotFoundMessage(path) }, { status: 404 });
}

/**
 * Spec P§8 at page level: 401 goes to sign-in (a refused token as an expired session), a template the CMS
 * does not have and a record a block found missing are a 404, the rest rethrows.
 */
function gatewayFailure(error: unknown, { url, auth }: StorefrontSession): unknown {
  if (error instanceof MissingRecord) return pageNotFound(url.pathname);
  if (!(error instanceof GatewayCallError)) return error;
  if (error.status === 401) return signInRedirect(url, { expired: auth.signedIn });
  if (error.errorCode === 'NO_TEMPLATE_FOUND') return pageNotFound(url.pathname);
  return error;
}

/** The blocks that show a picture where they start: an image, a product list's first tile. */
const LEADING_PICTURES: ReadonlySet<BlockName> = new Set(['image', 'productList']);

/**
 * Page-wide facts for the blocks: the storefront, its logo, the viewer, the {!name} placeholder values and
 * the page's lead image.
 */
function pageContext(
  { storefront, url, auth }: StorefrontSession,
  sections: readonly RenderedSection[],
  actingFor: string | null,
  {
    namedQuoteId = null,
    forPriceContext = false,
  }: { namedQuoteId?: string | null; forPriceContext?: boolean } = {},
): PageContext {
  const lead = sections
    .filter((section) => section.sectionType !== 'Footer')
    .flatMap((section) => section.blocks)
    .find((block) => LEADING_PICTURES.has(block.componentName) && block.state.status === 'ready');
  return {
    leadImage: lead?.blockId ?? null,
    imageDescriptions: describeImages(sections),
    blockScripts: blockScripts(sections),
    namedQuoteId,
    devMode: DEV_MODE_VALUES.has(url.searchParams.get('isDev') ?? ''),
    ...brandOf(storefront),
    viewer: auth.signedIn
      ? { signedIn: true, name: forPriceContext ? null : auth.name, actingFor }
      : { signedIn: false, name: null, actingFor: null },
    placeholders: {
      storefrontName: storefront.storefrontName,
      domain: url.hostname,
      year: String(new Date().getUTCFullYear()),
    },
  };
}

/** `?isDev=true` (or 1) turns on dev mode (spec P§2): each block shows its component name and id. */
const DEV_MODE_VALUES = new Set(['true', '1']);

/** The category and record the route names (see PageTarget). */
export function pageTarget(url: URL, params: Params): PageTarget {
  const [first] = url.pathname.split('/').filter(Boolean);
  const query = url.searchParams;
  return {
    categoryId: first === 'category' ? (params.id ?? null) : null,
    recordId: query.get('id') ?? query.get('recordId') ?? null,
    productSlug: params.productId ?? params.productName ?? null,
    quoteId: params.quoteId ?? query.get('quoteId') ?? query.get('quoteid') ?? null,
  };
}

type Shared = Omit<BlockLoaderArgs<BlockName>, 'block' | 'fields'>;

/**
 * One block: unknown component names render nothing; bad fields or a failing loader give its error state, but
 * a missing record fails the whole page (its existence check).
 */
async function renderBlock(block: Block, shared: Shared): Promise<RenderedBlock | null> {
  const name = block.componentName;
  if (!isBlockName(name)) return null;
  // The rendering of one named block is one member of the RenderedBlock union.
  return (await renderNamedBlock(name, block, shared)) as RenderedBlock;
}

async function renderNamedBlock<N extends BlockName>(
  name: N,
  block: Block,
  shared: Shared,
): Promise<RenderedBlockOf<N>> {
  const { storefront } = shared.session;
  const urls = (kind: 'js' | 'css') =>
    (kind === 'js' ? block.customJS : block.customCSS).flatMap(
      (ref) => resourceUrl(storefront, ref, kind) ?? [],
    );
  return {
    blockId: block.blockId,
    componentName: name,
    column: block.column,
    logo: block.configuration.logo ?? null,
    scripts: urls('js'),
    styles: urls('css'),
    state: await blockState(name, block, shared),
  };
}

async function blockState<N extends BlockName>(
  name: N,
  block: Block,
  shared: Shared,
): Promise<BlockState<N>> {
  const definition = blockDefinitions[name];
  const fields = definition.fields.safeParse(block.fields);
  if (!fields.success) {
    console.warn(`Block ${block.blockId} (${name}) has invalid fields: ${fields.error.message}`);
    return { status: 'error', message: 'This content is not configured correctly.' };
  }
  try {
    const blockData = await definition.load({ ...shared, block, fields: fields.data });
    return { status: 'ready', fields: fields.data, data: blockData };
  } catch (error) {
    if (error instanceof MissingRecord) throw error;
    console.error(`Block ${block.blockId} (${name}) failed to load:`, error);
    return { status: 'error', message: 'This content could not be loaded. Please try again later.' };
  }
}

/** A lazily started promise shared by every caller. */
function once<T>(start: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => {
    promise ??= start();
    return promise;
  };
}
