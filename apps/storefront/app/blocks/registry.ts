import type { BlockName } from '@storefront/contracts/block-fields';
import { type ComponentType, lazy } from 'react';
import { CustomCode } from './custom-code/CustomCode';
import { Footer } from './footer/Footer';
import { Header } from './header/Header';
import { ImageBlock } from './image/ImageBlock';
import { Navigation } from './navigation/Navigation';
import { ProductCard } from './product-card/ProductCard';
import { ProductDetail } from './product-detail/ProductDetail';
import { ProductList } from './product-list/ProductList';
import { RecordDetail } from './record-detail/RecordDetail';
import { RecordList } from './record-list/RecordList';
import { RichText } from './rich-text/RichText';
import type { BlockProps } from './types';

/** The cart's code loads with the cart page only, not with every catalogue page. */
const Cart = lazy(() => import('./cart/Cart').then((module) => ({ default: module.Cart })));

/** The checkout's code loads with the checkout page only. */
const checkout = () => import('./checkout/blocks');
const CheckoutAccount = lazy(() => checkout().then((module) => ({ default: module.CheckoutAccount })));
const ShippingAddress = lazy(() => checkout().then((module) => ({ default: module.ShippingAddress })));
const ShippingMethod = lazy(() => checkout().then((module) => ({ default: module.ShippingMethod })));
const CustomForm = lazy(() => checkout().then((module) => ({ default: module.CustomForm })));
const TermsAndPayment = lazy(() => checkout().then((module) => ({ default: module.TermsAndPayment })));
const QuoteSummary = lazy(() => checkout().then((module) => ({ default: module.QuoteSummary })));

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
