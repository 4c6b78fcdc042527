import type { QuoteLine } from '@storefront/contracts/crm-quotes';
import { describe, expect, it } from 'vitest';
import { cartRows } from './configured-groups';

const line = (id: string, configuredGroup: QuoteLine['configuredGroup'] = null) =>
  ({ id, name: `Item ${id}`, configuredGroup }) as QuoteLine;

describe('cartRows', () => {
  it('shows a configured group together, instrument first, where its first line was', () => {
    const rows = cartRows([
      line('a'),
      line('laser', { id: 'g1', role: 'Option' }),
      line('b'),
      line('cytometer', { id: 'g1', role: 'Instrument' }),
      line('install', { id: 'g1', role: 'Option' }),
    ]);
    expect(rows.map((row) => [row.line.id, row.optionOf])).toEqual([
      ['a', null],
      ['cytometer', null],
      ['laser', 'Item cytometer'],
      ['install', 'Item cytometer'],
      ['b', null],
    ]);
  });
});
