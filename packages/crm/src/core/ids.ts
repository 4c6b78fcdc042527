const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SUFFIX_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

/**
 * An 18-character Salesforce-style id: a 3-character key prefix naming the object, a fixed instance part,
 * the record number in base 62 and the case-safe checksum suffix Salesforce appends to 15-character ids.
 */
export function salesforceId(keyPrefix: string, recordNumber: number): string {
  if (!/^[0-9A-Za-z]{3}$/.test(keyPrefix))
    throw new Error(`Key prefix must be 3 alphanumerics: ${keyPrefix}`);
  if (!Number.isSafeInteger(recordNumber) || recordNumber < 0) throw new Error('Record number must be >= 0');
  return toCaseSafeId(`${keyPrefix}5g0${toBase62(recordNumber).padStart(9, '0')}`);
}

/** The 18-character form of a 15-character id: one suffix character per 5-character chunk, encoding which
 * of its characters are upper case, so the id survives case-insensitive systems. */
export function toCaseSafeId(id15: string): string {
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk++) {
    let bits = 0;
    for (let i = 0; i < 5; i++) {
      const char = id15[chunk * 5 + i] ?? '';
      if (char >= 'A' && char <= 'Z') bits |= 1 << i;
    }
    suffix += SUFFIX_CHARS[bits];
  }
  return id15 + suffix;
}

function toBase62(value: number): string {
  let rest = value;
  let text = '';
  do {
    text = BASE62[rest % 62] + text;
    rest = Math.floor(rest / 62);
  } while (rest > 0);
  return text;
}
