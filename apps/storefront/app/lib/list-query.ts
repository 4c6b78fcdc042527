import type { z } from 'zod';

/**
 * A list page's query string (filters, sort, page) read with the CRM type's own schema: the invoices and the
 * orders of the account area read theirs this way, so the page and its CSV download agree on every field.
 */

/** Problems of the query string by field, as the page shows them beside the field. */
export type QueryProblems<N extends string> = Partial<Record<N, string>>;

function sentence(problem: string): string {
  return `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`;
}

/**
 * The fields `names` of the query string read with `schema`. A field it refuses is named with its problem and
 * left out, so the list still shows (unfiltered by it) and the buyer sees what to fix beside the field.
 */
export function readListQuery<S extends z.ZodType, N extends string>(
  schema: S,
  names: readonly N[],
  params: URLSearchParams,
): { query: z.output<S>; problems: QueryProblems<N> } {
  const raw: Partial<Record<N, string>> = {};
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value) raw[name] = value;
  }
  const problems: QueryProblems<N> = {};
  // Each round drops at least one field (or returns), so it ends within names.length + 1 rounds.
  for (;;) {
    const parsed = schema.safeParse(raw);
    if (parsed.success) return { query: parsed.data, problems };
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as N;
      problems[name] ??= sentence(issue.message);
      delete raw[name];
    }
  }
}

/** The query string of a list with some fields changed (paging keeps the filters); unset fields are left out. */
export function listQueryString<N extends string>(
  names: readonly N[],
  query: Partial<Record<N, unknown>>,
  change: Partial<Record<N, unknown>> = {},
): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  for (const name of names) {
    const value = next[name];
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  return params.toString();
}
