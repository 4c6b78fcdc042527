import type { Approval, Spending } from '@storefront/contracts/crm-approvals';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../testing/render';
import { ApprovalCard, SpendingSummary } from './ApprovalParts';

afterEach(cleanup);

const waiting: Approval = {
  id: 'apr-1',
  status: 'Pending',
  quoteId: 'q-1',
  buyerName: 'Elsa Nygaard',
  own: false,
  decidable: true,
  requestedAt: '2026-11-28T09:00:00.000Z',
  currency: 'USD',
  total: 6200,
  poNumber: 'GRANT-17',
  reasons: [{ kind: 'monthlyLimit', limit: 5000, spent: 1200, orderTotal: 6200, costCentre: null }],
  approvers: ['Ingrid Halvorsen'],
  lines: [{ sku: 'GNK-10044', name: 'Bisulfite Conversion Kit', qty: 20, unitPrice: 310, lineTotal: 6200 }],
  decidedBy: null,
  decidedAt: null,
  comment: null,
  orderNumber: null,
  buyerToFinish: null,
};

describe('an approval request', () => {
  it('shows an approver why it waits, with the figures, and lets them approve or reject with a comment', () => {
    renderAt(<ApprovalCard approval={waiting} />);
    expect(screen.getByRole('heading', { name: 'Elsa Nygaard’s order of $6,200.00' })).toBeTruthy();
    expect(
      screen.getByText(
        'Over the monthly limit of $5,000.00: $1,200.00 spent this month, the order is $6,200.00',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Awaiting approval')).toBeTruthy();
    expect(screen.getByLabelText('Comment for Elsa Nygaard (optional)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeTruthy();
  });

  it('gives its buyer no decision, and after a rejection the way back to the cart with the comment', () => {
    const rejected: Approval = {
      ...waiting,
      own: true,
      decidable: false,
      status: 'Rejected',
      decidedBy: 'Ingrid Halvorsen',
      decidedAt: '2026-11-28T10:00:00.000Z',
      comment: 'Use the smaller kit',
    };
    renderAt(<ApprovalCard approval={rejected} />);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByText(/Rejected by Ingrid Halvorsen .*: “Use the smaller kit”/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'go to your cart' }).getAttribute('href')).toBe('/cart');
  });

  it('leads an approved and placed one to its order', () => {
    renderAt(
      <ApprovalCard
        approval={{ ...waiting, status: 'Placed', decidable: false, orderNumber: 'SO-2026-000321' }}
      />,
    );
    expect(screen.getByRole('link', { name: 'order SO-2026-000321' }).getAttribute('href')).toBe(
      '/billing/orders/SO-2026-000321',
    );
  });
});

describe("the buyer's spending", () => {
  const spending: Spending = {
    currency: 'USD',
    orderLimit: null,
    monthlyLimit: 5000,
    spent: 1200,
    remaining: 3800,
    approvers: ['Ingrid Halvorsen'],
  };

  it('says what was spent this month of the limit and who approves over it', () => {
    renderAt(<SpendingSummary spending={spending} />);
    const summary = screen.getByRole('region', { name: 'Your spending limit' });
    expect(summary.textContent).toContain(
      'This month you have spent $1,200.00 of your $5,000.00 monthly limit ($3,800.00 left).',
    );
    expect(summary.textContent).toContain('waits for approval by Ingrid Halvorsen');
  });

  it('says nothing where no limit applies', () => {
    renderAt(<SpendingSummary spending={{ ...spending, monthlyLimit: null, remaining: null }} />);
    expect(screen.queryByRole('region', { name: 'Your spending limit' })).toBeNull();
  });
});
