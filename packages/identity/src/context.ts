import type { Revocations, WindowCounters } from '@storefront/shared-state';
import type { IdentityDb } from './db/database';
import type { Logger } from './logger';
import type { Mailer } from './mail/outbox';
import type { FailedSignIns } from './security/failed-sign-ins';
import type { Lockout } from './security/lockout';
import type { PasswordHasher } from './security/password-hash';
import type { SigningKeys } from './tokens/keys';

/** What every operation works with; built once per app. */
export interface IdentityContext {
  db: IdentityDb;
  mode: 'development' | 'production' | 'test';
  now(): Date;
  /** The region admin calls are signed for; a pool CreateUserPool makes is named `<region>_…`. */
  region: string;
  /** Token issuers are `${issuerBase}/${poolId}`. */
  issuerBase: string;
  passwords: PasswordHasher;
  keys: SigningKeys;
  mailer: Mailer;
  lockout: Lockout;
  /** The per-address and per-user request limits, hit on every request: in the shared state (memory or Redis). */
  requestCounters: WindowCounters;
  /** Codes sent and wrong guesses per user and purpose: in the database, shared by instances and restarts. */
  codeBudgets: WindowCounters;
  /** Failed password proofs per client address and network, and who signed in from where: in the shared state. */
  failedSignIns: FailedSignIns;
  /**
   * The client's address, set for each request by the protocol handler and the hosted pages; absent for a
   * call from inside this process, which no address limit counts.
   */
  clientAddress?: string | undefined;
  /** Where a user's tokens stopping being good is recorded, so gateways stop trusting what they kept. */
  revocations: Revocations;
  logger: Logger;
}
