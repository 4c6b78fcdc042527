import { describe, expect, it } from 'vitest';
import { containsPattern } from '../../src/catalogue/rules/search';
import { salesforceId, toCaseSafeId } from '../../src/core/ids';
import { slugify, uniqueSlugs } from '../../src/core/slug';

describe('slugify', () => {
  it.each([
    ['Flow Cytometry Reagents & Buffers', 'flow-cytometry-reagents-buffers'],
    ['CD4 Monoclonal Antibody (RPA-T4), FITC', 'cd4-monoclonal-antibody-rpa-t4-fitc'],
    ['384-Well Deep Well Plate, 240 µL', '384-well-deep-well-plate-240-ul'],
    ['Single-Cell 3′ Gene Expression Kit', 'single-cell-3-gene-expression-kit'],
    ['  Café Crème  ', 'cafe-creme'],
  ])('%s -> %s', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it('keeps slugs unique by appending the fallback', () => {
    expect(
      uniqueSlugs([
        { text: 'Kit A', fallback: 'SKU-1' },
        { text: 'Kit-A', fallback: 'SKU-2' },
      ]),
    ).toEqual(['kit-a', 'kit-a-sku-2']);
  });
});

describe('containsPattern', () => {
  it('wraps the text and takes LIKE wildcards literally', () => {
    expect(containsPattern('cd4')).toBe('%cd4%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('salesforceId', () => {
  it('computes the case-safe suffix Salesforce uses', () => {
    expect(toCaseSafeId('001A0000006Vm9r')).toBe('001A0000006Vm9rIAC');
  });

  it('builds 18-character ids from the key prefix and a record number', () => {
    expect(salesforceId('001', 61)).toBe('0015g000000000zAAA');
    expect(salesforceId('a0I', 62)).toBe('a0I5g0000000010EAA');
    expect(salesforceId('a0I', 62)).toHaveLength(18);
  });

  it('rejects malformed input', () => {
    expect(() => salesforceId('01', 1)).toThrow(/Key prefix/);
    expect(() => salesforceId('001', -1)).toThrow(/Record number/);
  });
});
