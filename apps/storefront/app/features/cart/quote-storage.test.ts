import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAllQuotes, forgetQuote, markQuoteChanged, rememberQuote } from './quote-storage';

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('quote storage', () => {
  it('rememberQuote keeps the cart quote id under EC_Quote_Id, replacing an earlier one', () => {
    rememberQuote('q-1');
    expect(localStorage.getItem('EC_Quote_Id')).toBe('q-1');
    rememberQuote('q-2');
    expect(localStorage.getItem('EC_Quote_Id')).toBe('q-2');
  });

  it("markQuoteChanged sets the quote's qreset flag to 'true'", () => {
    markQuoteChanged('q-1');
    expect(localStorage.getItem('qreset-q-1')).toBe('true');
    expect(localStorage.getItem('qreset-q-2')).toBeNull();
  });

  it('forgetQuote clears the quote id but keeps the changed flags', () => {
    rememberQuote('q-1');
    markQuoteChanged('q-1');
    forgetQuote();
    expect(localStorage.getItem('EC_Quote_Id')).toBeNull();
    expect(localStorage.getItem('qreset-q-1')).toBe('true');
  });

  it('forgetAllQuotes clears the quote id and every qreset flag, and nothing else', () => {
    rememberQuote('q-1');
    markQuoteChanged('q-1');
    markQuoteChanged('q-2');
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('my-qreset-note', 'keep');
    forgetAllQuotes();
    expect(localStorage.getItem('EC_Quote_Id')).toBeNull();
    expect(localStorage.getItem('qreset-q-1')).toBeNull();
    expect(localStorage.getItem('qreset-q-2')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(localStorage.getItem('my-qreset-note')).toBe('keep');
    expect(localStorage.length).toBe(2);
  });

  it('never throws when the browser refuses access to storage', () => {
    const getter = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(() => rememberQuote('q-1')).not.toThrow();
    expect(() => markQuoteChanged('q-1')).not.toThrow();
    expect(() => forgetQuote()).not.toThrow();
    expect(() => forgetAllQuotes()).not.toThrow();
    expect(getter).toHaveBeenCalledTimes(4);
  });

  it('never throws when storage is full or writes fail', () => {
    const full = (): never => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const setItem = vi.fn(full);
    const storage = {
      setItem,
      removeItem: vi.fn(full),
      getItem: () => null,
      key: () => null,
      length: 0,
      clear() {},
    };
    vi.spyOn(window, 'localStorage', 'get').mockReturnValue(storage as Storage);
    expect(() => rememberQuote('q-1')).not.toThrow();
    expect(() => markQuoteChanged('q-1')).not.toThrow();
    expect(() => forgetQuote()).not.toThrow();
    expect(() => forgetAllQuotes()).not.toThrow();
    expect(setItem).toHaveBeenCalledTimes(2);
    expect(storage.removeItem).toHaveBeenCalled();
  });
});
