/**
 * How the operator's commands (`npm run catalogue`, `npm run events`) call the running storefront's operations
 * API: at STOREFRONT_URL (--url) with the storefront's operations key, OPERATIONS_KEY (--key).
 */
import { OPERATIONS_BASE_PATH, type OperationsError } from '@storefront/contracts';
import { UsageError } from './command-line';

/** parseArgs options every such command takes. */
export const OPERATIONS_CLIENT_OPTIONS = {
  url: { type: 'string', default: process.env.STOREFRONT_URL ?? 'http://localhost:3000' },
  key: { type: 'string', default: process.env.OPERATIONS_KEY },
} as const;

export const OPERATIONS_CLIENT_USAGE =
  'Options: --url <storefront> (STOREFRONT_URL, default http://localhost:3000), --key <operations key> (OPERATIONS_KEY)';

export interface OperationsClient {
  base: string;
  /** A call to a path under the operations API; a storefront that does not answer is an error saying so. */
  call(path: string, init?: RequestInit): Promise<Response>;
}

export function operationsClient(values: { url: string; key?: string }): OperationsClient {
  const { key } = values;
  if (!key)
    throw new UsageError(
      "Set OPERATIONS_KEY to the storefront's operations key (npm run storefront -- key --host <host> makes one), or pass --key.",
    );
  const base = `${values.url.replace(/\/+$/, '')}${OPERATIONS_BASE_PATH}`;
  return {
    base,
    async call(path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${key}`);
      try {
        return await fetch(`${base}${path}`, { ...init, headers });
      } catch {
        throw new Error(
          `The storefront does not answer at ${base}: start it, or set STOREFRONT_URL (--url).`,
        );
      }
    },
  };
}

/** A refusal the storefront answered, as its code and message. */
export async function refusalOf(response: Response): Promise<OperationsError> {
  const body = (await response.json().catch(() => null)) as OperationsError | null;
  return body ?? { code: 'HTTP', message: `The storefront answered HTTP ${response.status}.` };
}
