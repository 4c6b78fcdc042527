import type { BlockName } from '@storefront/contracts/block-fields';
import { type ComponentType, lazy } from 'react';
import { CustomCode } from './custom-code/CustomCode';
import { Footer } from './footer/Footer';
import { Header } from './header/Header';
import { ImageBlock } from './image/ImageBlock';
import { Navigation } from './navigation/Navigation';
import { RichText } from './rich-text/RichText';
import type { BlockProps } from './types';

/*
 * The chrome of every page (header, navigation, footer) and the small content blocks come with the page's
 * code. Every other block's code loads with the pages that show it (docs/decisions/0043): a product page does
 * not download the product list's filters, the cart or the checkout. The server renders every block in place
 * and names the chunks of those it rendered in the page's head (lazyBlockSources), so they load beside the
 * page's own code, and hydration keeps the server's HTML until they are there.
 */
const ProductCard = lazy(() =>
  import('./product-card/ProductCard').then((module) => ({ default: module.ProductCard })),
);
const ProductDetail = lazy(() =>
  import('./product-detail/ProductDetail').then((module) => ({ default: module.ProductDetail })),
);
const ProductList = lazy(() =>
  import('./product-list/ProductList').then((module) => ({ default: module.ProductList })),
);
const RecordDetail = lazy(() =>
  import('./record-detail/RecordDetail').then((module) => ({ default: module.RecordDetail })),
);
const RecordList = lazy(() =>
  import('./record-list/RecordList').then((module) => ({ default: module.RecordList })),
);
const Cart = lazy(() => import('./cart/Cart').then((module) => ({ default: module.Cart })));

const checkout = () => import('./checkout/blocks');
const CheckoutAccount = lazy(() => checkout().then((module) => ({ default: module.CheckoutAccount })));
const ShippingAddress = lazy(() => checkout().then((module) => ({ default: module.ShippingAddress })));
const ShippingMethod = lazy(() => checkout().then((module) => ({ default: module.ShippingMethod })));
const CustomForm = lazy(() => checkout().then((module) => ({ default: module.CustomForm })));
const TermsAndPayment = lazy(() => checkout().then((module) => ({ default: module.TermsAndPayment })));
const QuoteSummary = lazy(() => checkout().then((module) => ({ default: module.QuoteSummary })));

const CHECKOUT_SOURCE = 'app/blocks/checkout/blocks.ts';

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
};
