/**
 * The path of the first string in a request body (values and keys, at any depth) that no database text
 * column can hold: a NUL character, or half of a UTF-16 surrogate pair. Undefined when there is none.
 */
export function unstorableTextPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return storable(value) ? undefined : path || 'request';
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableTextPath(item, join(path, String(index)));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!storable(key)) return path || 'request';
      const found = unstorableTextPath(item, join(path, key));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** A high surrogate without its low half, or a low one without its high half (code units: no u flag). */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function storable(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}
