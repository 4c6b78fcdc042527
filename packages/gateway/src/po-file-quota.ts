import { createHash } from 'node:crypto';
import { MAX_PO_FILE_BYTES } from '@storefront/contracts';
import type { RateLimiter, RateRule, SharedState } from '@storefront/shared-state';
import type { CrmRequest } from './crm-client';
import { GatewayRefusal } from './envelope';
import type { Principal } from './principal';
import { clientNetwork, waitText } from './write-limits';

/**
 * What one client may upload as PO files, counted as each upload starts (its first chunk declares the file's
 * size): files and bytes per signed-in user or guest cart, and per client address, over an hour and a day, on
 * the shared state so every instance spends one budget (docs/decisions/0018-po-numbers-and-files.md). The CRM
 * bounds what one cart holds at once; this bounds how many carts' worth one client sends.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MB = 1024 * 1024;

interface FileBudget {
  files: readonly RateRule[];
  bytes: readonly RateRule[];
}

const budget = (files: [number, number], megabytes: [number, number]): FileBudget => ({
  files: [
    { limit: files[0], windowMs: HOUR },
    { limit: files[1], windowMs: DAY },
  ],
  bytes: [
    { limit: megabytes[0] * MB, windowMs: HOUR },
    { limit: megabytes[1] * MB, windowMs: DAY },
  ],
});

/**
 * [an hour, a day] of files and of megabytes. A buyer sends a PO file or two an order; an address's budget is a
 * few buyers' (a university's share one). A guest is counted by their cart secret too, though they can mint new
 * ones: their address's budget is what holds them.
 */
export const PO_FILE_BUDGETS = {
  perClient: budget([30, 100], [100, 400]),
  perAddress: budget([100, 300], [300, 1024]),
} as const;

export interface PoFileQuota {
  /** Counts the upload the call starts (uploadFile's first chunk) against the caller's budgets; past one, a 429. */
  count(request: CrmRequest, principal: Principal, clientAddress: string | undefined): Promise<void>;
}

/** The bytes of the upload the call starts (at most a PO file's limit, which the CRM holds); null for any other call. */
function startedUpload(request: CrmRequest): number | null {
  const payload = request.payload;
  if (request.type !== 'uploadFile' || !payload || (payload.chunkIndex ?? 0) !== 0) return null;
  const size = payload.fileSize;
  return typeof size === 'number' && Number.isSafeInteger(size) && size > 0
    ? Math.min(size, MAX_PO_FILE_BYTES)
    : 0;
}

/** The signed-in user, or the guest by a hash of their cart secret (the shared state never holds a secret). */
function clientOf(principal: Principal): string | null {
  const storefront = principal.storefront.storefrontId;
  if (principal.username !== null) return `user:${storefront}:${principal.username}`;
  if (principal.guestCartSecret === null) return null;
  return `guest:${createHash('sha256').update(principal.guestCartSecret).digest('hex')}`;
}

/** How a budget's rule reads in a refusal: '30 files an hour', '100 MB a day'. */
function ruleText(kind: keyof FileBudget, rule: RateRule): string {
  const amount = kind === 'files' ? `${rule.limit} files` : `${rule.limit / MB} MB`;
  return `${amount} ${rule.windowMs === HOUR ? 'an hour' : 'a day'}`;
}

/** One rule of a budget: what it counts, how a refusal names it, and its counter. */
interface Limit {
  kind: keyof FileBudget;
  text: string;
  limiter: RateLimiter;
}

export function createPoFileQuota(shared: SharedState): PoFileQuota {
  const limitsOf = (scope: string, rules: FileBudget): Limit[] =>
    (['files', 'bytes'] as const).flatMap((kind) =>
      rules[kind].map((rule) => ({
        kind,
        text: ruleText(kind, rule),
        limiter: shared.rateLimiter(`gateway:po-files:${scope}:${kind}:${rule.windowMs}`, rule),
      })),
    );
  const perClient = limitsOf('client', PO_FILE_BUDGETS.perClient);
  const perAddress = limitsOf('address', PO_FILE_BUDGETS.perAddress);

  /** Spends one file and its bytes; a refusal's words (the rule spent longest, how long to wait), or null. */
  const spend = async (limits: Limit[], key: string, bytes: number): Promise<string | null> => {
    const decisions = await Promise.all(
      limits.map(({ kind, limiter }) => limiter.hit(key, kind === 'files' ? 1 : bytes)),
    );
    let refused: { text: string; wait: number } | undefined;
    for (const [index, { text }] of limits.entries()) {
      const decision = decisions[index];
      if (decision && !decision.allowed && decision.retryAfterMs > (refused?.wait ?? -1)) {
        refused = { text, wait: decision.retryAfterMs };
      }
    }
    return refused ? `at most ${refused.text}; try again in ${waitText(refused.wait)}.` : null;
  };

  return {
    async count(request, principal, clientAddress) {
      const bytes = startedUpload(request);
      if (bytes === null) return;
      const client = clientOf(principal);
      if (client !== null) {
        const refusal = await spend(perClient, client, bytes);
        // A client over their own budget does not spend their address's, which others share.
        if (refusal) throw new GatewayRefusal(429, `Too many PO files uploaded: ${refusal}`);
      }
      const refusal = await spend(perAddress, clientNetwork(clientAddress), bytes);
      if (refusal) throw new GatewayRefusal(429, `Too many PO files uploaded from your network: ${refusal}`);
    },
  };
}
