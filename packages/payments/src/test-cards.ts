/**
 * The embedded provider is a test provider: it decides by card number, following the test numbers the
 * common providers publish (Stripe's "Testing" page; the same numbers work at Adyen and Braintree for the
 * brands). Any other valid number is declined, as a provider in test mode declines a real card.
 */
export interface TestCard {
  number: string;
  outcome: 'succeeded' | 'declined';
  /** The provider's decline code (Stripe's names); null when the payment succeeds. */
  declineReason: string | null;
  what: string;
}

const succeeds = (number: string, what: string): TestCard => ({
  number,
  outcome: 'succeeded',
  declineReason: null,
  what,
});
const declines = (number: string, declineReason: string, what: string): TestCard => ({
  number,
  outcome: 'declined',
  declineReason,
  what,
});

export const TEST_CARDS: readonly TestCard[] = [
  succeeds('4242424242424242', 'Visa'),
  succeeds('4000056655665556', 'Visa debit'),
  succeeds('5555555555554444', 'MasterCard'),
  succeeds('2223003122003222', 'MasterCard, 2-series'),
  succeeds('378282246310005', 'American Express'),
  succeeds('6011111111111117', 'Discover'),
  succeeds('3056930009020004', 'Diners Club Carte Blanche'),
  succeeds('36227206271667', 'Diners Club International'),
  succeeds('3566002020360505', 'JCB'),
  // Brands Stripe publishes no number for: valid (Luhn) numbers of their P§5 prefixes, so every brand the
  // store names can be saved and shown.
  succeeds('6304000000000000', 'Laser'),
  succeeds('4026000000000002', 'Visa Electron'),
  succeeds('9000000000000001', 'Credit/Debit, a card of no named brand'),
  declines('4000000000000002', 'card_declined', 'declined, no reason given'),
  declines('4000000000009995', 'insufficient_funds', 'declined, insufficient funds'),
  declines('4000000000009987', 'lost_card', 'declined, reported lost'),
  declines('4000000000000069', 'expired_card', 'declined as expired'),
  declines('4000000000000127', 'incorrect_cvc', 'declined, wrong security code'),
];

const BY_NUMBER = new Map(TEST_CARDS.map((card) => [card.number, card]));

/** What the test provider decides for a (valid) card number. */
export function decideTestCard(number: string): Pick<TestCard, 'outcome' | 'declineReason'> {
  const card = BY_NUMBER.get(number);
  if (!card) return { outcome: 'declined', declineReason: 'test_mode_live_card' };
  return { outcome: card.outcome, declineReason: card.declineReason };
}

/** What a token the provider handed out looks like; the test provider keeps no vault to look it up in. */
const TOKEN = /^tok_[A-Za-z0-9_-]{8,200}$/;

/** What the test provider decides for a saved card's token: any token it could have issued is charged. */
export function decideSavedCard(token: string): Pick<TestCard, 'outcome' | 'declineReason'> {
  return TOKEN.test(token)
    ? { outcome: 'succeeded', declineReason: null }
    : { outcome: 'declined', declineReason: 'invalid_token' };
}
