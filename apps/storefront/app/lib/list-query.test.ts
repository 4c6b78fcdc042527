import { invoicePaging, rangeInOrder } from '@storefront/contracts/crm-invoices';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listQueryString, readListQuery } from './list-query';

const schema = rangeInOrder(
  z.object({
    status: z.enum(['placed', 'shipped']).optional(),
    from: z.string().optional(),
    to: z.string().optional(),
    ...invoicePaging,
  }),
);
const NAMES = ['status', 'from', 'to', 'page', 'pageSize'] as const;
const read = (query: string) => readListQuery(schema, NAMES, new URLSearchParams(query));

describe('readListQuery', () => {
  it('reads the fields it names, with the schema’s defaults, and ignores the others', () => {
    expect(read('status=shipped&page=2&debug=1')).toEqual({
      query: { status: 'shipped', page: 2, pageSize: 20 },
      problems: {},
    });
  });

  it('names each refused field as a sentence and leaves it out, keeping the rest', () => {
    const { query, problems } = read('status=lost&from=2026-05-01&to=2026-04-01&page=0');
    expect(query).toEqual({ from: '2026-05-01', page: 1, pageSize: 20 });
    expect(Object.keys(problems).sort()).toEqual(['page', 'status', 'to']);
    expect(problems.to).toBe('Must not be before the start date.');
    expect(problems.status).toMatch(/^[A-Z].*\.$/);
  });

  it('treats blank fields as unset', () => {
    expect(read('status=&from=%20%20')).toEqual({ query: { page: 1, pageSize: 20 }, problems: {} });
  });
});

describe('listQueryString', () => {
  it('writes the set fields in the list’s order, with a change applied', () => {
    expect(listQueryString(NAMES, { to: '2026-04-01', status: 'placed', page: 1 }, { page: 3 })).toBe(
      'status=placed&to=2026-04-01&page=3',
    );
  });

  it('leaves out unset and blank fields', () => {
    expect(listQueryString(NAMES, { status: undefined, from: '', page: 2 })).toBe('page=2');
  });
});
