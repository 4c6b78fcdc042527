import { type BlockFields, type BlockName, blockFieldSchemas } from '@storefront/contracts/block-fields';
import type { z } from 'zod';
import { loadCartBlock } from './cart/loader.server';
import {
  loadCheckoutAccount,
  loadCustomForm,
  loadQuoteSummary,
  loadShippingAddress,
  loadShippingMethod,
  loadTermsAndPayment,
} from './checkout/loader.server';
import { loadHeader } from './header/loader.server';
import type { BlockLoader } from './loader-types.server';
import { loadNavigation } from './navigation/loader.server';
import { loadOfferDetail, loadOfferList } from './offers/loader.server';
import { loadProductCard } from './product-card/loader.server';
import { loadProductDetail } from './product-detail/loader.server';
import { loadProductList } from './product-list/loader.server';
import { loadRecordDetail } from './record-detail/loader.server';
import { loadRecordList } from './record-list/loader.server';

/** The server half of a block: the schema of its fields and its data loader. */
interface BlockDefinition<N extends BlockName> {
  fields: z.ZodType<BlockFields[N]>;
  load: BlockLoader<N>;
}

/** Blocks that show their fields only. */
const noData = async () => null;

/** componentName → fields schema and loader; the components are in registry.ts under the same names. */
export const blockDefinitions: { [N in BlockName]: BlockDefinition<N> } = {
  header: { fields: blockFieldSchemas.header, load: loadHeader },
  footer: { fields: blockFieldSchemas.footer, load: noData },
  navigation: { fields: blockFieldSchemas.navigation, load: loadNavigation },
  richText: { fields: blockFieldSchemas.richText, load: noData },
  image: { fields: blockFieldSchemas.image, load: noData },
  productCard: { fields: blockFieldSchemas.productCard, load: loadProductCard },
  productList: { fields: blockFieldSchemas.productList, load: loadProductList },
  productDetail: { fields: blockFieldSchemas.productDetail, load: loadProductDetail },
  cart: { fields: blockFieldSchemas.cart, load: loadCartBlock },
  checkoutAccount: { fields: blockFieldSchemas.checkoutAccount, load: loadCheckoutAccount },
  shippingAddress: { fields: blockFieldSchemas.shippingAddress, load: loadShippingAddress },
  shippingMethod: { fields: blockFieldSchemas.shippingMethod, load: loadShippingMethod },
  customForm: { fields: blockFieldSchemas.customForm, load: loadCustomForm },
  termsAndPayment: { fields: blockFieldSchemas.termsAndPayment, load: loadTermsAndPayment },
  quoteSummary: { fields: blockFieldSchemas.quoteSummary, load: loadQuoteSummary },
  customCode: { fields: blockFieldSchemas.customCode, load: noData },
  recordList: { fields: blockFieldSchemas.recordList, load: loadRecordList },
  recordDetail: { fields: blockFieldSchemas.recordDetail, load: loadRecordDetail },
  offerList: { fields: blockFieldSchemas.offerList, load: loadOfferList },
  offerDetail: { fields: blockFieldSchemas.offerDetail, load: loadOfferDetail },
};
