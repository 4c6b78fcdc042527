import { pino } from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'storefront' },
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  });
}
