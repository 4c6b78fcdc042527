import { MUTATING_METHODS, RETRIED_STATUSES } from '@storefront/contracts';

type Fetch = (request: Request) => Response | Promise<Response>;

/**
 * Spec P§9's retry rule: a read (GET) that fails with a retried status, or cannot be sent at all, is sent
 * once more; a mutation (POST, PUT, PATCH, DELETE) is sent once, since the first attempt may have done its
 * work. `request` makes a fresh Request per attempt (a body and a timeout signal serve one attempt only).
 */
export async function sendWithRetry(fetch: Fetch, request: () => Request): Promise<Response> {
  const first = request();
  if (MUTATING_METHODS.has(first.method)) return fetch(first);
  try {
    const response = await fetch(first);
    if (!RETRIED_STATUSES.has(response.status)) return response;
    await response.body?.cancel();
  } catch {
    // A transport failure is a retried 500 (spec P§8: a transport error's status defaults to 500).
  }
  return fetch(request());
}
