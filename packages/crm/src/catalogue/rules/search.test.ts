import { describe, expect, it } from 'vitest';
import { allowedEdits, editDistance, searchTokens } from './search';

describe('typo rules of the catalogue search', () => {
  it('corrects no word under five letters, one edit from five, two from nine', () => {
    expect(allowedEdits('cell')).toBe(0);
    expect(allowedEdits('plate')).toBe(1);
    expect(allowedEdits('antibdy')).toBe(1);
    expect(allowedEdits('cytometer')).toBe(2);
  });

  it('never corrects catalogue numbers, clones or numbers', () => {
    for (const word of ['gk1.5', 'fca-10171', 'rpa-t4', 'okt4', '7-aad', '25535-16-4', '100'])
      expect(allowedEdits(word)).toBe(0);
  });

  it('counts an insertion, a deletion, a substitution or a swap of neighbours as one edit', () => {
    expect(editDistance('antibdy', 'antibody')).toBe(1);
    expect(editDistance('antibodyy', 'antibody')).toBe(1);
    expect(editDistance('antibady', 'antibody')).toBe(1);
    expect(editDistance('anitbody', 'antibody')).toBe(1);
    expect(editDistance('cytomtre', 'cytometer')).toBe(2);
    expect(editDistance('plate', 'plate')).toBe(0);
  });

  it('reads the words as typed, hyphens kept inside a word and outer signs dropped', () => {
    expect(searchTokens('  Anti-human CD4,  PE ')).toEqual(['anti-human', 'cd4', 'pe']);
    expect(searchTokens('"GK1.5"')).toEqual(['gk1.5']);
    expect(searchTokens('% _')).toEqual([]);
  });
});
