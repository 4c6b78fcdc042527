import type { InvoiceSummary } from '@storefront/contracts/crm-invoices';
import type { PaymentMethod } from '@storefront/contracts/crm-payment-methods';
import { describe, expect, it } from 'vitest';
import { NEW_CARD, PAY_FIELDS, PAYMENT_FORM_MESSAGES, readPaymentChoice } from './payment-form';

const invoice = (id: string, balance: number): InvoiceSummary => ({
  id,
  invoiceNumber: `INV-2026-${id}`,
  orderNumber: null,
  costCentreCode: null,
  kind: 'Invoice',
  invoiceDate: '2026-10-01',
  dueDate: '2026-10-31',
  currency: 'USD',
  amount: balance,
  balance,
  status: 'Overdue',
});
const card = (id: string, expYear: number): PaymentMethod => ({
  id,
  brand: 'Visa',
  last4: '4242',
  expMonth: 6,
  expYear,
  isDefault: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const owed = [invoice('000001', 1250.5), invoice('000002', 80)];
const cards = [card('pm-current', 2030), card('pm-expired', 2025)];
const now = new Date('2026-11-23T12:00:00Z');

function form(fields: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

describe('reading the choice of invoices to pay', () => {
  it('takes the chosen invoices with their amounts, thousands separators allowed, and the saved card', () => {
    const choice = readPaymentChoice(
      form([
        [PAY_FIELDS.invoice, '000001'],
        [PAY_FIELDS.amount('000001'), '1,250.50'],
        [PAY_FIELDS.amount('000002'), '80.00'],
        [PAY_FIELDS.method, 'pm-current'],
      ]),
      owed,
      false,
      cards,
      now,
    );
    expect(choice).toEqual({
      ok: true,
      invoices: [{ invoiceId: '000001', amount: 1250.5 }],
      method: { kind: 'saved', id: 'pm-current' },
    });
  });

  it('names each problem beside its field', () => {
    const choice = readPaymentChoice(
      form([
        [PAY_FIELDS.invoice, '000001'],
        [PAY_FIELDS.amount('000001'), '12.345'],
        [PAY_FIELDS.invoice, '000002'],
        [PAY_FIELDS.amount('000002'), '80.01'],
        [PAY_FIELDS.method, 'pm-expired'],
      ]),
      owed,
      true,
      cards,
      now,
    );
    expect(choice).toEqual({
      ok: false,
      problems: {
        [PAY_FIELDS.amount('000001')]: PAYMENT_FORM_MESSAGES.amountFormat,
        [PAY_FIELDS.amount('000002')]: 'Enter at most the balance, $80.00.',
        [PAY_FIELDS.method]: PAYMENT_FORM_MESSAGES.cardExpired,
      },
    });
  });

  it('refuses part of an invoice on terms that do not allow it, and nothing chosen', () => {
    const part = readPaymentChoice(
      form([
        [PAY_FIELDS.invoice, '000002'],
        [PAY_FIELDS.amount('000002'), '40'],
        [PAY_FIELDS.method, NEW_CARD],
      ]),
      owed,
      false,
      cards,
      now,
    );
    expect(part).toEqual({
      ok: false,
      problems: { [PAY_FIELDS.amount('000002')]: 'This invoice is paid in full: $80.00.' },
    });
    const none = readPaymentChoice(form([[PAY_FIELDS.method, 'pm-gone']]), owed, true, cards, now);
    expect(none).toEqual({
      ok: false,
      problems: {
        [PAY_FIELDS.invoice]: PAYMENT_FORM_MESSAGES.noInvoice,
        [PAY_FIELDS.method]: PAYMENT_FORM_MESSAGES.cardGone,
      },
    });
  });

  it('pays part where the terms allow it, with a new card, and ignores an invoice no longer owed', () => {
    const choice = readPaymentChoice(
      form([
        [PAY_FIELDS.invoice, '000002'],
        [PAY_FIELDS.amount('000002'), '40'],
        [PAY_FIELDS.invoice, 'paid-meanwhile'],
        [PAY_FIELDS.method, NEW_CARD],
      ]),
      owed,
      true,
      cards,
      now,
    );
    expect(choice).toEqual({
      ok: true,
      invoices: [{ invoiceId: '000002', amount: 40 }],
      method: { kind: 'new' },
    });
  });
});
