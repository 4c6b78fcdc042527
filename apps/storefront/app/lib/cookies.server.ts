/** Cookie header → decoded names and values (js-cookie, which Amplify uses, percent-encodes both). */
export function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of header?.split(';') ?? []) {
    const split = pair.indexOf('=');
    if (split < 0) continue;
    const name = decode(pair.slice(0, split).trim());
    const value = decode(
      pair
        .slice(split + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
    if (name !== null && value !== null && !cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
