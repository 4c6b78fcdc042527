import type { BlockName } from '@storefront/contracts/block-fields';
import { type ComponentType, lazy } from 'react';
import { reloadOrThrow } from '../lib/reload-guard';
import { CustomCode } from './custom-code/CustomCode';
import { Footer } from './footer/Footer';
import { Header } from './header/Header';
import { ImageBlock } from './image/ImageBlock';
import { Navigation } from './navigation/Navigation';
import { RichText } from './rich-text/RichText';
import type { BlockProps, RenderedSection } from './types';

/*
 * The chrome of every page (header, navigation, footer) and the small content blocks come with the page's
 * code. Every other block's code loads with the pages that show it (docs/decisions/0043): a product page does
 * not download the product list's filters, the cart or the checkout. The server renders every block in place
 * and names the chunks of those it rendered in the page's head (lazyBlockSources), so they load beside the
 * page's own code, and hydration keeps the server's HTML until they are there.
 */
/** A module's loader that keeps the module once it has arrived. */
interface KeptModule<M> {
  (): Promise<M>;
  loaded?: M;
}

function kept<M>(load: () => Promise<M>): KeptModule<M> {
  const loader: KeptModule<M> = () =>
    load().then((module) => {
      loader.loaded = module;
      return module;
    });
  return loader;
}

/**
 * React.lazy over a block's code. Once the code is there (loadBlockCode waited for it), the loader answers a
 * thenable that calls back at once, which React reads without suspending: a promise would suspend the first
 * render for a tick, and the previous page would stand under the new address meanwhile.
 */
function lazyBlock<M, P>(code: KeptModule<M>, component: (module: M) => ComponentType<P>) {
  return lazy(() => {
    const module = code.loaded;
    if (!module) {
      // Gone since the page loaded (a new version): the page is loaded again, once (lib/reload-guard).
      return code().then(
        (arrived) => ({ default: component(arrived) }),
        (error: unknown) => {
          if (typeof window === 'undefined') throw error;
          return reloadOrThrow(error, window.location.pathname + window.location.search);
        },
      );
    }
    const settled = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable that calls back at once is the point.
      then: (resolve: (value: { default: ComponentType<P> }) => void) =>
        resolve({ default: component(module) }),
    };
    return settled as unknown as Promise<{ default: ComponentType<P> }>;
  });
}

const checkout = kept(() => import('./checkout/blocks'));
const offers = kept(() => import('./offers/Offers'));

/** The code of each lazily loaded block: what React.lazy imports, and what a navigation loads ahead. */
const blockCode = {
  productCard: kept(() => import('./product-card/ProductCard')),
  productDetail: kept(() => import('./product-detail/ProductDetail')),
  productList: kept(() => import('./product-list/ProductList')),
  recordDetail: kept(() => import('./record-detail/RecordDetail')),
  recordList: kept(() => import('./record-list/RecordList')),
  cart: kept(() => import('./cart/Cart')),
  checkoutAccount: checkout,
  shippingAddress: checkout,
  shippingMethod: checkout,
  customForm: checkout,
  termsAndPayment: checkout,
  quoteSummary: checkout,
  offerList: offers,
  offerDetail: offers,
} satisfies Partial<Record<BlockName, () => Promise<unknown>>>;

const ProductCard = lazyBlock(blockCode.productCard, (module) => module.ProductCard);
const ProductDetail = lazyBlock(blockCode.productDetail, (module) => module.ProductDetail);
const ProductList = lazyBlock(blockCode.productList, (module) => module.ProductList);
const RecordDetail = lazyBlock(blockCode.recordDetail, (module) => module.RecordDetail);
const RecordList = lazyBlock(blockCode.recordList, (module) => module.RecordList);
const Cart = lazyBlock(blockCode.cart, (module) => module.Cart);
const CheckoutAccount = lazyBlock(checkout, (module) => module.CheckoutAccount);
const ShippingAddress = lazyBlock(checkout, (module) => module.ShippingAddress);
const ShippingMethod = lazyBlock(checkout, (module) => module.ShippingMethod);
const CustomForm = lazyBlock(checkout, (module) => module.CustomForm);
const TermsAndPayment = lazyBlock(checkout, (module) => module.TermsAndPayment);
const QuoteSummary = lazyBlock(checkout, (module) => module.QuoteSummary);
const OfferList = lazyBlock(offers, (module) => module.OfferList);
const OfferDetail = lazyBlock(offers, (module) => module.OfferDetail);

/**
 * Loads the code of the lazily loaded blocks the sections show. A navigation waits for it before the new
 * address shows, so the previous page never stands under the next page's address while its code arrives.
 */
export async function loadBlockCode(sections: readonly RenderedSection[]): Promise<void> {
  const names = new Set(sections.flatMap((section) => section.blocks.map((block) => block.componentName)));
  await Promise.all(
    [...names].map((name) => (name in blockCode ? blockCode[name as keyof typeof blockCode]() : null)),
  );
}

const CHECKOUT_SOURCE = 'app/blocks/checkout/blocks.ts';
const OFFERS_SOURCE = 'app/blocks/offers/Offers.tsx';

/** The module each lazily loaded block imports above, by its path under the app's root. */
export const lazyBlockSources: Partial<Record<BlockName, string>> = {
  productCard: 'app/blocks/product-card/ProductCard.tsx',
  productDetail: 'app/blocks/product-detail/ProductDetail.tsx',
  productList: 'app/blocks/product-list/ProductList.tsx',
  recordDetail: 'app/blocks/record-detail/RecordDetail.tsx',
  recordList: 'app/blocks/record-list/RecordList.tsx',
  cart: 'app/blocks/cart/Cart.tsx',
  checkoutAccount: CHECKOUT_SOURCE,
  shippingAddress: CHECKOUT_SOURCE,
  shippingMethod: CHECKOUT_SOURCE,
  customForm: CHECKOUT_SOURCE,
  termsAndPayment: CHECKOUT_SOURCE,
  quoteSummary: CHECKOUT_SOURCE,
  offerList: OFFERS_SOURCE,
  offerDetail: OFFERS_SOURCE,
};

/**
 * componentName → component. The loaders live in registry.server.ts under the same names, so no server code
 * reaches the browser bundle.
 */
export const blockComponents: { [N in BlockName]: ComponentType<BlockProps<N>> } = {
  header: Header,
  footer: Footer,
  navigation: Navigation,
  richText: RichText,
  image: ImageBlock,
  productCard: ProductCard,
  productList: ProductList,
  productDetail: ProductDetail,
  cart: Cart,
  checkoutAccount: CheckoutAccount,
  shippingAddress: ShippingAddress,
  shippingMethod: ShippingMethod,
  customForm: CustomForm,
  termsAndPayment: TermsAndPayment,
  quoteSummary: QuoteSummary,
  customCode: CustomCode,
  recordList: RecordList,
  recordDetail: RecordDetail,
  offerList: OfferList,
  offerDetail: OfferDetail,
};
