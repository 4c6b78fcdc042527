/**
 * How deep a JSON value a client sends may nest. Portal payloads nest a few levels; a deeper value would only
 * cost stack in every later JSON.stringify or recursive check (a 64 KiB body can nest ~32,000 levels).
 */
export const MAX_JSON_DEPTH = 32;

/** Whether a JSON value nests deeper than MAX_JSON_DEPTH; walked without recursion, so depth cannot hurt. */
export function nestsTooDeep(value: unknown): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= MAX_JSON_DEPTH) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

export const TOO_DEEP = `nested more than ${MAX_JSON_DEPTH} levels deep`;
