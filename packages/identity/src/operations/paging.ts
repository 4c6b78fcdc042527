/** Cognito's largest page for users, groups and devices. */
export const MAX_PAGE = 60;

/** The page size asked for, where 0 or nothing means the largest. */
export function pageSize(limit: number | undefined): number {
  return limit || MAX_PAGE;
}

/**
 * Splits rows fetched with one extra (limit + 1) into the page and the token of the next one: the last
 * row's sort key, opaque to the client.
 */
export function paginate<T>(
  rows: T[],
  limit: number,
  keyOf: (row: T) => string,
): { page: T[]; next?: string } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return rows.length > limit && last
    ? { page, next: Buffer.from(keyOf(last)).toString('base64url') }
    : { page };
}

/** The sort key a token carries. */
export function afterToken(token: string | undefined): string | undefined {
  return token ? Buffer.from(token, 'base64url').toString('utf8') : undefined;
}
