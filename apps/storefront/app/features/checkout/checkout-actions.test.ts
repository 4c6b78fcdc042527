import { describe, expect, it } from 'vitest';
import { CHECKOUT_ACTION_PATH, type CheckoutActionResult, isQuietWrite } from './checkout-actions';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const refused: CheckoutActionResult = {
  ok: false,
  intent: 'savePo',
  message: 'Error updating PO Number on Quote Record',
  field: null,
  suggestion: null,
};
const stored: CheckoutActionResult = { ok: true, intent: 'savePo', tax: null, upload: null, payment: null };

describe('which checkout writes reload the page', () => {
  it('reloads after a stored PO number, and not after a refused one, which changed nothing', () => {
    const savePo = form({ intent: 'savePo', quoteId: 'q-1', poNumber: 'PO-1' });
    expect(isQuietWrite(CHECKOUT_ACTION_PATH, savePo, stored)).toBe(false);
    expect(isQuietWrite(CHECKOUT_ACTION_PATH, savePo, refused)).toBe(true);
  });

  it('never reloads for the tax poll and reloads after every address save', () => {
    expect(isQuietWrite(CHECKOUT_ACTION_PATH, form({ intent: 'tax' }))).toBe(true);
    expect(isQuietWrite(CHECKOUT_ACTION_PATH, form({ intent: 'saveAddress' }), refused)).toBe(false);
    expect(isQuietWrite('/cart', form({ intent: 'tax' }))).toBe(false);
  });
});
