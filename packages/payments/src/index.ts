/** The embedded payment provider: a hosted card page, signed requests and results, test cards. */
export {
  createPaymentProvider,
  type PaymentProviderOptions,
  type ProviderLogger,
  type ReturnStatus,
} from './app';
export { passesLuhn } from './card';
export { decideTestCard, TEST_CARDS, type TestCard } from './test-cards';
