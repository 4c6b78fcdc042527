import { describe, expect, it } from 'vitest';
import { fillPlaceholders, textLines } from './placeholders';

describe('placeholders', () => {
  it('replaces known placeholders and empties unknown ones', () => {
    expect(fillPlaceholders('Welcome to {!storefrontName}{!missing}!', { storefrontName: 'Acme Bio' })).toBe(
      'Welcome to Acme Bio!',
    );
  });

  it('does not read inherited properties as values', () => {
    expect(fillPlaceholders('{!constructor}{!toString}', {})).toBe('');
  });

  it('splits text at every kind of line break', () => {
    expect(textLines('one\ntwo\r\nthree\rfour')).toEqual(['one', 'two', 'three', 'four']);
    expect(textLines('single')).toEqual(['single']);
  });
});
