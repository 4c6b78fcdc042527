import type { CostCentre } from '@storefront/contracts/crm-cost-centres';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../testing/render';
import { CostCentreChoice } from './CostCentreChoice';

afterEach(cleanup);

const code = (id: string, fields: Partial<CostCentre> = {}): CostCentre => ({
  id,
  code: id.toUpperCase(),
  name: `Name of ${id}`,
  ownerContactId: null,
  ownerName: null,
  budget: 1000,
  validFrom: null,
  validUntil: '2026-12-31',
  active: true,
  state: 'usable',
  spent: 250,
  remaining: 750,
  ...fields,
});

describe("checkout's cost centre or grant code", () => {
  it('offers the usable codes and says what the chosen one has left', () => {
    renderAt(
      <CostCentreChoice
        quoteId="q-1"
        step={{
          required: false,
          currency: 'USD',
          chosen: { id: 'g-1', code: 'G-1', name: 'Name of g-1', problem: null },
          choices: [code('g-1'), code('ops', { budget: null, remaining: null, validUntil: null })],
        }}
      />,
    );
    const field = screen.getByLabelText('Cost centre or grant code (optional)') as HTMLSelectElement;
    expect([...field.options].map((option) => option.text)).toEqual([
      'None',
      'G-1 – Name of g-1',
      'OPS – Name of ops',
    ]);
    expect(field.value).toBe('g-1');
    expect(
      screen.getByText('G-1 is saved on the order; valid until Dec 31, 2026; $750.00 of its budget left.'),
    ).toBeTruthy();
  });

  it('keeps a chosen code that expired since, saying why, and asks for one where the account requires it', () => {
    const refusal = 'G-OLD (Old grant) expired on 2026-06-30. Choose another code.';
    renderAt(
      <CostCentreChoice
        quoteId="q-1"
        step={{
          required: true,
          currency: 'USD',
          chosen: { id: 'old', code: 'G-OLD', name: 'Old grant', problem: refusal },
          choices: [code('ops')],
        }}
      />,
    );
    const field = screen.getByLabelText('Cost centre or grant code') as HTMLSelectElement;
    expect(field.value).toBe('old');
    expect(field.options[0]?.text).toBe('Choose a code');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(refusal);
  });

  it('is not asked where the account has no codes and requires none', () => {
    const { container } = renderAt(
      <CostCentreChoice
        quoteId="q-1"
        step={{ required: false, currency: 'USD', chosen: null, choices: [] }}
      />,
    );
    expect(container.querySelector('select')).toBeNull();
  });
});
