import { describe, expect, it } from 'vitest';
import {
  addDays,
  creditMemoNumberOf,
  invoiceNumberOf,
  invoiceStatus,
} from '../../src/invoices/rules/invoices';

describe('an invoice’s status', () => {
  const today = '2026-03-01';
  it('is Credit for a credit memo, whatever its balance', () => {
    expect(invoiceStatus({ kind: 'CreditMemo', balance: -50, dueDate: '2026-01-01' }, today)).toBe('Credit');
    expect(invoiceStatus({ kind: 'CreditMemo', balance: 0, dueDate: '2026-01-01' }, today)).toBe('Credit');
  });
  it('is Paid with nothing left, Open until its due date, Overdue after it', () => {
    expect(invoiceStatus({ kind: 'Invoice', balance: 0, dueDate: '2026-01-01' }, today)).toBe('Paid');
    expect(invoiceStatus({ kind: 'Invoice', balance: 10, dueDate: today }, today)).toBe('Open');
    expect(invoiceStatus({ kind: 'Invoice', balance: 10, dueDate: '2026-02-28' }, today)).toBe('Overdue');
  });
});

describe('due dates and numbers', () => {
  it('counts whole days across months and leap years', () => {
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(addDays('2028-02-15', 14)).toBe('2028-02-29');
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
  });
  it('bills an order under its own number', () => {
    expect(invoiceNumberOf('SO-2026-000042')).toBe('INV-2026-000042');
    expect(creditMemoNumberOf('SO-2026-000043')).toBe('CM-2026-000043');
  });
});
