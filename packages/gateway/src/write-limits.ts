import type { CrmType } from '@storefront/contracts';
import type { RateLimiter, RateRule, SharedState } from '@storefront/shared-state';
import type { CrmRequest } from './crm-client';
import { GatewayRefusal } from './envelope';
import type { Principal } from './principal';

/**
 * Budgets of the writes that store a record or send mail, by kind: counted per signed-in user and per client
 * address (everyone's writes from it together), each over a minute and an hour, on the shared state so every
 * instance spends one budget (docs/decisions/0010-threat-model-and-limits.md).
 */

export type WriteKind =
  | 'serviceRequest'
  | 'comment'
  | 'supportCase'
  | 'enrolment'
  | 'location'
  | 'costCentre'
  | 'cardStart'
  | 'userMail'
  | 'order'
  | 'guestCheckout';

interface WriteBudget {
  /** What the caller is told they sent too many of. */
  what: string;
  /** Per signed-in user; a guest has none (a guest mints cart secrets at will), only their address. */
  perUser: readonly RateRule[];
  /** Per client address: a university's buyers share one, so it is a few times a user's. */
  perAddress: readonly RateRule[];
}

const MINUTE = 60_000;
const HOUR = 3_600_000;

const budget = (what: string, user: [number, number], address: [number, number]): WriteBudget => ({
  what,
  perUser: [
    { limit: user[0], windowMs: MINUTE },
    { limit: user[1], windowMs: HOUR },
  ],
  perAddress: [
    { limit: address[0], windowMs: MINUTE },
    { limit: address[1], windowMs: HOUR },
  ],
});

/**
 * [a minute, an hour] per user and per address. A buyer files a few records a minute at most; what mails an
 * address someone typed (invitations, resets, order confirmations) and a guest's prospect account are tighter.
 * An address may be a whole campus behind one gateway: its budgets leave room for many buyers placing orders,
 * and a lab's buyer may save a dozen cards in a row.
 */
export const WRITE_BUDGETS: Readonly<Record<WriteKind, WriteBudget>> = {
  serviceRequest: budget('service requests', [5, 30], [20, 120]),
  comment: budget('comments', [10, 60], [40, 240]),
  supportCase: budget('support cases', [5, 30], [20, 120]),
  enrolment: budget('enrolment requests', [5, 30], [20, 120]),
  location: budget('new locations', [10, 60], [40, 240]),
  costCentre: budget('new cost centres', [10, 60], [40, 240]),
  cardStart: budget('attempts to add a card', [15, 40], [30, 160]),
  userMail: budget('invitations and password resets', [5, 30], [10, 60]),
  order: budget('orders', [5, 20], [30, 300]),
  guestCheckout: budget('guest checkouts', [5, 20], [10, 60]),
};

type Payload = Record<string, unknown>;

/** The CRM calls that are counted writes; `counts` picks the calls of a type that add a record. */
const CRM_WRITES: { readonly [T in CrmType]?: { kind: WriteKind; counts?: (payload: Payload) => boolean } } =
  {
    createServiceRequest: { kind: 'serviceRequest' },
    addRequestComment: { kind: 'comment' },
    createSupportCase: { kind: 'supportCase' },
    requestEnrolment: { kind: 'enrolment' },
    saveAccountLocation: { kind: 'location', counts: (payload) => !payload.locationId },
    // A Location without an id is added to the account's book (C§4); other saves only fill the quote.
    saveAddress: {
      kind: 'location',
      counts: (payload) => payload.addressObject === 'Location' && !payload.locationId,
    },
    // A cost centre without an id is added to the account's codes, which have no other cap.
    saveCostCentre: { kind: 'costCentre', counts: (payload) => !payload.costCentreId },
    startSavingPaymentMethod: { kind: 'cardStart' },
    // Placing an order mails its confirmation to the address the checkout was given.
    blinkCheckout: { kind: 'order' },
    // Each guest checkout makes a prospect account and contact.
    createGuestBuyer: { kind: 'guestCheckout' },
  };

/** cognitoActions' actions that mail a user an invitation, a temporary password or a reset code. */
const USER_ACTION_WRITES: Readonly<Record<string, WriteKind>> = {
  createUser: 'userMail',
  recreateUser: 'userMail',
  activate: 'userMail',
  resetPassword: 'userMail',
};

export function crmWriteKind(request: CrmRequest): WriteKind | undefined {
  const write = CRM_WRITES[request.type];
  if (!write || (write.counts && !write.counts(request.payload ?? {}))) return undefined;
  return write.kind;
}

export function userActionWriteKind(action: string): WriteKind | undefined {
  return Object.hasOwn(USER_ACTION_WRITES, action) ? USER_ACTION_WRITES[action] : undefined;
}

/**
 * The client an address's budget is counted for: an IPv6 client by its /64 (one subscriber's network, whose
 * addresses it can pick at will), an IPv4 client (or one mapped into IPv6) by its address. A host that passes
 * no address gives its callers one budget together, so a missing address shows as throttling, not as no limit.
 */
export function clientNetwork(address: string | undefined): string {
  if (!address) return 'unknown address';
  const bare = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped?.[1]) return mapped[1];
  if (!bare.includes(':')) return bare;
  const [head = '', tail] = bare.split('::');
  const first = head ? head.split(':') : [];
  const last = tail ? tail.split(':') : [];
  const zeros = Array<string>(Math.max(0, 8 - first.length - last.length)).fill('0');
  const groups = tail === undefined ? first : [...first, ...zeros, ...last];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** How long to wait, as a person reads it: seconds up to two minutes, then minutes. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds <= 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export interface WriteLimits {
  /** Counts one write of `kind` by the caller; past a budget, a 429 saying how long to wait. */
  count(kind: WriteKind, principal: Principal, clientAddress: string | undefined): Promise<void>;
}

type Limiters = Record<WriteKind, { perUser: RateLimiter[]; perAddress: RateLimiter[] }>;

/** Counts every rule of a scope; the longest wait among those spent, or null when none is. */
async function spend(limiters: RateLimiter[], key: string): Promise<number | null> {
  const decisions = await Promise.all(limiters.map((limiter) => limiter.hit(key)));
  const refused = decisions.filter((decision) => !decision.allowed);
  return refused.length === 0 ? null : Math.max(...refused.map((decision) => decision.retryAfterMs));
}

export function createWriteLimits(shared: SharedState): WriteLimits {
  const limiters = Object.fromEntries(
    Object.entries(WRITE_BUDGETS).map(([kind, { perUser, perAddress }]) => {
      const over = (scope: string, rules: readonly RateRule[]) =>
        rules.map((rule) => shared.rateLimiter(`gateway:writes:${kind}:${scope}:${rule.windowMs}`, rule));
      return [kind, { perUser: over('user', perUser), perAddress: over('address', perAddress) }];
    }),
  ) as Limiters;
  return {
    async count(kind, principal, clientAddress) {
      const { what } = WRITE_BUDGETS[kind];
      if (principal.username !== null) {
        const user = `${principal.storefront.storefrontId}:${principal.username}`;
        const wait = await spend(limiters[kind].perUser, user);
        // A user over their own budget does not spend their address's, which others share.
        if (wait !== null) throw new GatewayRefusal(429, `Too many ${what}; try again in ${waitText(wait)}.`);
      }
      const wait = await spend(limiters[kind].perAddress, clientNetwork(clientAddress));
      if (wait !== null) {
        throw new GatewayRefusal(429, `Too many ${what} from your network; try again in ${waitText(wait)}.`);
      }
    },
  };
}
