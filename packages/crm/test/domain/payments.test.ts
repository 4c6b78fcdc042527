import { describe, expect, it } from 'vitest';
import { quoteTotal } from '../../src/cart/rules/quote-pricing';
import {
  amountDue,
  isStorefrontUrl,
  leftToPay,
  paidAmount,
  payOnlineTerms,
  surplusRefunds,
} from '../../src/payments/rules/payments';

describe('pay-online terms (spec C§4)', () => {
  it('Payment Required: payment is needed', () => {
    expect(payOnlineTerms('Payment Required', 'No Payment')).toEqual({
      term: 'Payment Required',
      fromAccount: false,
      paymentRequired: true,
      paymentOffered: true,
    });
  });

  it('Payment Optional: payment is optional', () => {
    expect(payOnlineTerms('Payment Optional', 'Payment Required')).toEqual({
      term: 'Payment Optional',
      fromAccount: false,
      paymentRequired: false,
      paymentOffered: true,
    });
  });

  it('No Payment: payment is optional and not offered', () => {
    expect(payOnlineTerms('No Payment', 'Payment Required')).toEqual({
      term: 'No Payment',
      fromAccount: false,
      paymentRequired: false,
      paymentOffered: false,
    });
  });

  it("Use Account Pay Online Terms: the account's own term", () => {
    expect(payOnlineTerms('Use Account Pay Online Terms', 'Payment Required')).toEqual({
      term: 'Payment Required',
      fromAccount: true,
      paymentRequired: true,
      paymentOffered: true,
    });
    expect(payOnlineTerms('Use Account Pay Online Terms', 'No Payment')).toMatchObject({
      term: 'No Payment',
      paymentOffered: false,
    });
  });

  it("a quote naming no term uses the account's; an account naming none offers payment without requiring it", () => {
    expect(payOnlineTerms(null, 'No Payment')).toMatchObject({ term: 'No Payment', fromAccount: true });
    expect(payOnlineTerms(null, null)).toEqual({
      term: 'Payment Optional',
      fromAccount: true,
      paymentRequired: false,
      paymentOffered: true,
    });
    expect(payOnlineTerms('Use Account Pay Online Terms', 'Use Account Pay Online Terms')).toMatchObject({
      term: 'Payment Optional',
    });
  });
});

describe('the amount due', () => {
  it('is the total with shipping and tax in it, rounded in the currency', () => {
    const total = quoteTotal(
      { subtotal: 100.1, discount: 10, shipping: 12.2, surcharge: 0, tax: 8.005 },
      'USD',
    );
    expect(amountDue({ total, currency: 'USD' })).toBe(110.31);
    expect(amountDue({ total: 99.99, currency: 'EUR' })).toBe(99.99);
  });
});

describe('the return URL', () => {
  it("must be http(s) on the storefront's own host", () => {
    expect(isStorefrontUrl('http://localhost:3000/checkout?step=pay', 'localhost')).toBe(true);
    expect(isStorefrontUrl('https://shop.bionova.example/checkout', 'shop.bionova.example')).toBe(true);
    expect(isStorefrontUrl('https://evil.example/checkout', 'shop.bionova.example')).toBe(false);
    expect(isStorefrontUrl('https://shop.bionova.example.evil.example/', 'shop.bionova.example')).toBe(false);
    expect(isStorefrontUrl('https://user:pw@localhost/', 'localhost')).toBe(false);
    expect(isStorefrontUrl('javascript:alert(1)//localhost', 'localhost')).toBe(false);
    expect(isStorefrontUrl('/checkout', 'localhost')).toBe(false);
  });
});

describe('card payments against a total that changed after paying', () => {
  const paid = [
    { id: 'second', kept: 117.77 },
    { id: 'first', kept: 130.23 },
  ];

  it('counts what the payments keep, to the cent', () => {
    expect(paidAmount(paid)).toBe(248);
    expect(paidAmount([{ kept: 0.1 }, { kept: 0.2 }])).toBe(0.3);
  });

  it('leaves the difference to pay when the total grew, and nothing when it fell', () => {
    expect(leftToPay(248, 130.23)).toBe(117.77);
    expect(leftToPay(248, 248)).toBe(0);
    expect(leftToPay(200, 248)).toBe(0);
  });

  it('gives back what was paid over a total that fell, from the newest payment first', () => {
    expect(surplusRefunds(paid, 248)).toEqual([]);
    expect(surplusRefunds(paid, 200)).toEqual([{ paymentId: 'second', amount: 48 }]);
    expect(surplusRefunds(paid, 100)).toEqual([
      { paymentId: 'second', amount: 117.77 },
      { paymentId: 'first', amount: 30.23 },
    ]);
  });
});
