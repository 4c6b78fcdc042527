import { loggableError } from '@storefront/database';

export interface Logger {
  info(o: object, m?: string): void;
  warn(o: object, m?: string): void;
  error(o: object, m?: string): void;
}

/** Used when the composer gives none: warnings and errors to the console, nothing else. */
export const consoleLogger: Logger = {
  info: () => {},
  warn: (o, m) => console.warn(m, o),
  error: (o, m) => console.error(m, o),
};

/**
 * Fields never logged, compared without case, `_` or `-`: passwords and what is derived from them, codes,
 * tokens and sessions, key material (a private JWK's members too), credentials in headers, query parameters.
 */
const SECRET_FIELDS = new Set([
  'password',
  'passwordhash',
  'newpassword',
  'previouspassword',
  'proposedpassword',
  'temporarypassword',
  'srpverifier',
  'srpsalt',
  'srpa',
  'srpb',
  'passwordclaimsignature',
  'privatejwk',
  'totpsecret',
  'totppendingsecret',
  'secretcode',
  'code',
  'codehash',
  'confirmationcode',
  'usercode',
  'session',
  'token',
  'accesstoken',
  'idtoken',
  'refreshtoken',
  'refreshtokenhash',
  'authorization',
  'cookie',
  'secretaccesskey',
  'clientsecret',
  'params',
  'parameters',
  'd',
  'p',
  'q',
  'dp',
  'dq',
  'qi',
]);

const REDACTED = '[redacted]';
/** Deeper than anything we log; stops a cycle. */
const MAX_DEPTH = 8;

const isSecretField = (name: string) => SECRET_FIELDS.has(name.toLowerCase().replace(/[-_]/g, ''));

/** A copy of a log object with secret fields replaced and errors described by `loggableError`. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return loggableError(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  // Dates and other class instances serialize themselves; only plain objects hold named fields.
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [
      name,
      isSecretField(name) ? REDACTED : redactSecrets(field, depth + 1),
    ]),
  );
}

/** The identity service logs through this whatever logger it is given, so no secret reaches any of them. */
export function redactingLogger(logger: Logger): Logger {
  const clean = (o: object) => redactSecrets(o) as object;
  return {
    info: (o, m) => logger.info(clean(o), m),
    warn: (o, m) => logger.warn(clean(o), m),
    error: (o, m) => logger.error(clean(o), m),
  };
}
