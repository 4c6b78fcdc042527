import { describe, expect, it } from 'vitest';
import { extractPlaceholders, fillPlaceholders, textLines } from './placeholders';

describe('placeholders', () => {
  it('extracts distinct {!name} placeholders in order', () => {
    expect(
      extractPlaceholders('Hi {!firstName}, welcome to {!storefrontName}. {!firstName}! {!Account.Name}'),
    ).toEqual(['firstName', 'storefrontName', 'Account.Name']);
    expect(extractPlaceholders('no placeholders, {not one} or {!}')).toEqual([]);
  });

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
