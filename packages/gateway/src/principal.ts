import {
  type CrmType,
  type DomainDetails,
  GUEST_CART_HEADER,
  GUEST_USER_TYPE,
  MESSAGES,
  OWN_CONTACT_TYPES,
  type UserType,
} from '@storefront/contracts';
import type { Generations } from '@storefront/shared-state';
import { takesField } from './allow-list';
import { accessDenied, GatewayRefusal, NOT_SIGNED_IN, Unauthorized } from './envelope';

/** Who a gateway call acts as. Built by the gateway from the host and the token, never from the body. */
export interface Principal {
  userType: UserType;
  /** The account calls act for unless the client names another one of `accountIds`. */
  accountId: string;
  /** Every account the principal may act for (own, related, ship-to; a guest: the guest account only). */
  accountIds: readonly string[];
  /**
   * The user's own account (the token's), whichever related account they chose to act for: what is theirs
   * to manage (their account's users) is decided on it, never on `accountId`. A guest: the guest account.
   */
  homeAccountId: string;
  /** The related account the contact's orders ship to in behalf of the one they act for; null for none. */
  shipToAccountId: string | null;
  contactId: string | null;
  /** The signed-in user's username; null for a guest. */
  username: string | null;
  storefront: DomainDetails;
  /**
   * The secret of a guest's cart (the storefront keeps it in an http-only cookie and sends it as the
   * `x-guest-cart` header): a guest's cart is theirs by this secret, never by the shared guest account.
   */
  guestCartSecret: string | null;
  /**
   * The storefront catalogue's generation when the request was resolved: it moves on when a catalogue import
   * changes the catalogue, and cached answers carry it in their keys, so none from before is used again.
   */
  catalogueGeneration?: string;
}

/** Who a verified token is; the guest cart secret comes with the request, not the token. */
export type VerifiedUser = Omit<Principal, 'guestCartSecret' | 'catalogueGeneration'>;

/** Verifies a bearer token for a storefront; null when it is not valid there. */
export type TokenVerifier = (token: string, storefront: DomainDetails) => Promise<VerifiedUser | null>;

const GUEST_CART_SECRET = /^[A-Za-z0-9_-]{32,128}$/;

/** A JWT (three base64url parts), raw as AppSync and Amplify send it, or after "Bearer " as OAuth clients do. */
const AUTHORIZATION_TOKEN = /^(?:Bearer\s+)?([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/i;

/** The request's guest cart secret; anything not shaped like one is no secret at all. */
function guestCartSecretOf(request: Request): string | null {
  const secret = request.headers.get(GUEST_CART_HEADER);
  return secret && GUEST_CART_SECRET.test(secret) ? secret : null;
}

export type PrincipalResolver = (request: Request) => Promise<Principal>;

/** The storefront a request is for: its Host header (the URL's host when a caller in-process sets none). */
export async function requestStorefront(
  request: Request,
  resolveDomain: (hostname: string) => Promise<DomainDetails | null>,
): Promise<DomainDetails> {
  const host = request.headers.get('host') ?? new URL(request.url).host;
  const storefront = await resolveDomain(host);
  if (!storefront) throw new GatewayRefusal(404, MESSAGES.storefrontNotFound);
  return storefront;
}

/**
 * No token: a guest of the host's storefront, acting for its guest account only (an authenticated-only
 * storefront has none: 401). A token goes to `verifyToken`; one that does not parse or verify (or any,
 * without a verifier) is Unauthorized, with AppSync's messages.
 */
export function createPrincipalResolver(
  resolveDomain: (hostname: string) => Promise<DomainDetails | null>,
  verifyToken?: TokenVerifier,
): PrincipalResolver {
  return async (request) => {
    const storefront = await requestStorefront(request, resolveDomain);
    const guestCartSecret = guestCartSecretOf(request);
    const authorization = request.headers.get('authorization');
    if (authorization !== null) {
      const token = AUTHORIZATION_TOKEN.exec(authorization.trim())?.[1];
      if (!token) throw new Unauthorized('Unable to parse JWT token.');
      const user = verifyToken ? await verifyToken(token, storefront) : null;
      if (!user) throw new Unauthorized('Valid authorization header not provided.');
      return { ...user, guestCartSecret };
    }
    const { guestAccountId } = storefront;
    if (!guestAccountId) throw new GatewayRefusal(401, NOT_SIGNED_IN);
    return {
      userType: GUEST_USER_TYPE,
      accountId: guestAccountId,
      accountIds: [guestAccountId],
      homeAccountId: guestAccountId,
      shipToAccountId: null,
      contactId: null,
      username: null,
      storefront,
      guestCartSecret,
    };
  };
}

/** The principal with its storefront catalogue's generation now, read for every request from shared state. */
export function withCatalogueGeneration(
  resolve: PrincipalResolver,
  catalogue: Generations,
): PrincipalResolver {
  return async (request) => {
    const principal = await resolve(request);
    return { ...principal, catalogueGeneration: await catalogue.current(principal.storefront.storefrontId) };
  };
}

const ACCOUNT_FIELDS = ['accountId', 'accId'] as const;
/** Fields naming an account the call is about but does not act for (a choice to store): within reach too. */
const REACH_FIELDS = ['selectedAccountId', 'shipToAccountId'] as const;
const STOREFRONT_FIELDS = ['storefrontId', 'stfId'] as const;

const OWN_CONTACT: ReadonlySet<CrmType> = new Set(OWN_CONTACT_TYPES);

const isNamed = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/**
 * Binds a CRM payload (or GET parameters) to the principal. Every account the client named (`claimedAccount`
 * or an account field) must be one the principal may act for, and the same one (an account a choice names,
 * too); every storefront field must
 * be the principal's storefront: otherwise 403. Then each account/storefront field `type` takes is
 * overwritten with the principal's, so the browser never decides them.
 */
export function scopeToPrincipal<T>(
  principal: Principal,
  type: CrmType,
  fields: Record<string, T>,
  claimedAccount?: unknown,
): Record<string, T | string> {
  const claims = [claimedAccount, ...ACCOUNT_FIELDS.map((name) => fields[name])].filter(isNamed);
  const account = claims[0] ?? principal.accountId;
  if (typeof account !== 'string' || !principal.accountIds.includes(account)) throw accessDenied();
  if (claims.some((claim) => claim !== account)) throw accessDenied();
  const reached = REACH_FIELDS.map((name) => fields[name]).filter(isNamed);
  if (reached.some((named) => typeof named !== 'string' || !principal.accountIds.includes(named))) {
    throw accessDenied();
  }
  const { storefrontId } = principal.storefront;
  if (STOREFRONT_FIELDS.some((name) => isNamed(fields[name]) && fields[name] !== storefrontId)) {
    throw accessDenied();
  }
  const scoped: Record<string, T | string> = { ...fields };
  for (const name of ACCOUNT_FIELDS) if (takesField(type, name)) scoped[name] = account;
  for (const name of STOREFRONT_FIELDS) if (takesField(type, name)) scoped[name] = storefrontId;
  if (takesField(type, 'userType')) scoped.userType = principal.userType;
  // C§7's quote types name the caller's user type and contact userTypeAWS and contactIdAWS.
  if (takesField(type, 'userTypeAWS')) scoped.userTypeAWS = principal.userType;
  // Spec C§7's parts types name the user type awsUserType.
  if (takesField(type, 'awsUserType')) scoped.awsUserType = principal.userType;
  // Who the caller is and which guest cart is theirs are the principal's to say, or nobody's.
  const principalFields = {
    contactId: principal.contactId,
    contactIdAWS: principal.contactId,
    guestCartSecret: principal.guestCartSecret,
    // `cid` names the caller only for these types; elsewhere (a manager's user updates) it names another contact.
    ...(OWN_CONTACT.has(type) ? { cid: principal.contactId } : {}),
  };
  for (const [name, value] of Object.entries(principalFields)) {
    if (!takesField(type, name)) continue;
    if (value === null) delete scoped[name];
    else scoped[name] = value;
  }
  return scoped;
}
