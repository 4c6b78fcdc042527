import { describe, expect, it } from 'vitest';
import { readBudget, readCostCentreForm } from './cost-centres.server';

describe("the manager's cost centre form", () => {
  it('reads a budget as a person types it, empty as no limit, anything else as not an amount', () => {
    expect(readBudget('12,500.50')).toBe(12_500.5);
    expect(readBudget(' 0 ')).toBe(0);
    expect(readBudget('')).toBeNull();
    expect(readBudget('-5')).toBeNaN();
    expect(readBudget('1.234')).toBeNaN();
    expect(readBudget('ten')).toBeNaN();
  });

  it('sends empty owner and dates as none, and a code active only when ticked', () => {
    const body = new FormData();
    body.set('code', ' G-2026-04 ');
    body.set('name', 'Zebrafish grant');
    body.set('ownerContactId', '');
    body.set('validUntil', '2026-12-31');
    expect(readCostCentreForm(body)).toEqual({
      code: 'G-2026-04',
      name: 'Zebrafish grant',
      ownerContactId: null,
      budget: null,
      validFrom: null,
      validUntil: '2026-12-31',
      active: false,
    });
  });
});
