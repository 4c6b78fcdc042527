import type { IdentityDb } from './db/database';
import type { Logger } from './logger';
import type { Mailer } from './mail/outbox';
import type { WindowCounters } from './security/counters';
import type { Lockout } from './security/lockout';
import type { PasswordHasher } from './security/password-hash';
import type { SigningKeys } from './tokens/keys';

/** What every operation works with; built once per app. */
export interface IdentityContext {
  db: IdentityDb;
  mode: 'development' | 'production' | 'test';
  now(): Date;
  /** Token issuers are `${issuerBase}/${poolId}`. */
  issuerBase: string;
  passwords: PasswordHasher;
  keys: SigningKeys;
  mailer: Mailer;
  lockout: Lockout;
  /** The per-address and per-user request limits: in this process's memory, hit on every request. */
  requestCounters: WindowCounters;
  /** Codes sent and wrong guesses per user and purpose: in the database, shared by instances and restarts. */
  codeBudgets: WindowCounters;
  logger: Logger;
}
