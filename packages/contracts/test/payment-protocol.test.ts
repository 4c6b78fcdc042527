import { describe, expect, it } from 'vitest';
import {
  canonicalPaymentString,
  type PaymentFields,
  paymentSignature,
  pickPaymentFields,
  signPaymentFields,
  verifyPaymentSignature,
} from '../src/payment-protocol';

const SECRET = 'a-shared-secret-of-at-least-32-characters';
const request: PaymentFields<'request'> = {
  request_id: 'req-1',
  amount: '120.50',
  currency: 'USD',
  reference: 'q-1',
  merchant: 'BioNova Life Sciences',
  return_url: 'http://localhost:3000/checkout?step=payment&x=1',
  callback_url: 'http://crm.embedded/services/apexrest/ecommerce?type=paymentRequestHandler',
  expires_at: '2026-11-22T10:15:00.000Z',
};

describe('the payment protocol signature', () => {
  it('is HMAC-SHA256 over the kind and the fields in their fixed order', () => {
    expect(canonicalPaymentString('return', { request_id: 'r 1', status: 'succeeded' })).toBe(
      'return\nrequest_id=r%201&status=succeeded',
    );
    const signed = signPaymentFields(SECRET, 'request', request);
    expect(signed.signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyPaymentSignature(SECRET, 'request', request, signed.signature)).toBe(true);
  });

  it('fails for any changed field, another secret, or another message kind', () => {
    const { signature } = signPaymentFields(SECRET, 'request', request);
    expect(verifyPaymentSignature(SECRET, 'request', { ...request, amount: '1.00' }, signature)).toBe(false);
    expect(verifyPaymentSignature(`${SECRET}x`, 'request', request, signature)).toBe(false);
    expect(verifyPaymentSignature(SECRET, 'request', request, `${signature}A`)).toBe(false);
    const ret = { request_id: 'req-1', status: 'succeeded' };
    expect(verifyPaymentSignature(SECRET, 'return', ret, paymentSignature(SECRET, 'request', request))).toBe(
      false,
    );
  });

  it('cannot be fooled by moving a separator into a value', () => {
    const a = { request_id: 'a&status=b', status: '' };
    const b = { request_id: 'a', status: 'b' };
    expect(canonicalPaymentString('return', a)).not.toBe(canonicalPaymentString('return', b));
  });

  it('picks only the kind fields, and nothing when one is missing', () => {
    expect(pickPaymentFields('return', { request_id: 'r', status: 's', card: '4242' })).toEqual({
      request_id: 'r',
      status: 's',
    });
    expect(pickPaymentFields('return', { request_id: 'r' })).toBeNull();
    expect(pickPaymentFields('return', { request_id: 'r', status: 1 })).toBeNull();
  });
});
