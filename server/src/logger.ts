import { redactSecrets } from '@storefront/identity';
import { pino } from 'pino';

export type Logger = pino.Logger;

/**
 * Every line's object goes through the identity service's redaction list (passwords, codes, tokens, key
 * material, credentials in headers), and errors are logged by class and query id, never with a failed
 * query's parameters: the CRM, gateway and identity share this logger and one database. Done before pino
 * sees the object, since pino takes a missing message from the error's, which quotes those parameters.
 */
/** To stdout unless given a destination (tests read what was written). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'storefront' },
      hooks: {
        logMethod(args, method) {
          const [first, ...rest] = args;
          if (typeof first !== 'object' || first === null) return method.apply(this, args);
          const clean = redactSecrets(first instanceof Error ? { err: first } : first) as object;
          return method.apply(this, [clean, ...rest] as Parameters<pino.LogFn>);
        },
      },
    },
    destination,
  );
}
