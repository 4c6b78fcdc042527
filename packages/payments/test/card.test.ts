import { CARD_BRANDS, cardBrand } from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import { passesLuhn, readCard } from '../src/card';
import { decideTestCard, TEST_CARDS } from '../src/test-cards';

const NOW = new Date('2026-11-22T12:00:00Z');
const valid = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ana Lima' };

describe('the card form', () => {
  it('checks the Luhn digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('79927398713')).toBe(true);
  });

  it('reads a valid card into brand and last 4', () => {
    expect(readCard(valid, NOW)).toEqual({
      card: { number: '4242424242424242', brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2030 },
    });
  });

  it('says what to correct, field by field', () => {
    expect(readCard({ ...valid, number: '4242 4242 4242 4241' }, NOW)).toEqual({
      errors: { number: 'This card number is not valid: check its digits.' },
    });
    expect(readCard({ ...valid, number: '' }, NOW)).toEqual({ errors: { number: 'Enter the card number.' } });
    expect(readCard({ ...valid, expiry: '13/30' }, NOW)).toEqual({
      errors: { expiry: 'Enter the expiry date as MM/YY.' },
    });
    expect(readCard({ ...valid, cvc: '12' }, NOW)).toEqual({
      errors: { cvc: 'Enter the 3-digit security code.' },
    });
    expect(readCard({ ...valid, number: '378282246310005', cvc: '123' }, NOW)).toEqual({
      errors: { cvc: 'Enter the 4-digit security code.' },
    });
    expect(readCard({ ...valid, name: ' ' }, NOW)).toEqual({
      errors: { name: 'Enter the name on the card (at most 100 characters).' },
    });
  });

  it('takes a card through the last day of its expiry month', () => {
    expect(readCard({ ...valid, expiry: '11/26' }, NOW)).toHaveProperty('card');
    expect(readCard({ ...valid, expiry: '11 / 2026' }, NOW)).toHaveProperty('card');
    expect(readCard({ ...valid, expiry: '10/26' }, NOW)).toEqual({
      errors: { expiry: 'This card has expired.' },
    });
  });
});

describe('the test cards', () => {
  it('are valid numbers of the brand they are named for', () => {
    for (const card of TEST_CARDS) {
      expect(passesLuhn(card.number), card.number).toBe(true);
      if (card.outcome === 'succeeded')
        expect(card.what.startsWith(cardBrand(card.number)), card.what).toBe(true);
    }
  });

  it('succeed for a card of every brand of P§5, and of none', () => {
    const brands = new Set(
      TEST_CARDS.filter((card) => card.outcome === 'succeeded').map((card) => cardBrand(card.number)),
    );
    expect([...brands].sort()).toEqual([...CARD_BRANDS, 'Credit/Debit'].sort());
  });

  it('decide: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, any other card too', () => {
    expect(decideTestCard('4242424242424242')).toEqual({ outcome: 'succeeded', declineReason: null });
    expect(decideTestCard('4000000000000002')).toEqual({
      outcome: 'declined',
      declineReason: 'card_declined',
    });
    expect(decideTestCard('4000000000009995')).toEqual({
      outcome: 'declined',
      declineReason: 'insufficient_funds',
    });
    expect(decideTestCard('4111111111111111')).toEqual({
      outcome: 'declined',
      declineReason: 'test_mode_live_card',
    });
  });
});
