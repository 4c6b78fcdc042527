import { describe, expect, it } from 'vitest';
import { type Logger, requestLogger } from '../src/logger';

function recordingLogger() {
  const lines: { level: string; obj: object; msg?: string }[] = [];
  const logger: Logger = {
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
  };
  return { logger, lines };
}

describe('requestLogger', () => {
  it('puts the server’s request id on every line logged for the request', () => {
    const { logger, lines } = recordingLogger();
    const request = new Request('http://localhost/graphql', { headers: { 'x-request-id': 'req-42' } });
    const scoped = requestLogger(logger, request);
    scoped.info({ field: 'theme' }, 'gateway operation');
    scoped.error({ problem: 'x' });
    expect(lines).toEqual([
      { level: 'info', obj: { reqId: 'req-42', field: 'theme' }, msg: 'gateway operation' },
      { level: 'error', obj: { reqId: 'req-42', problem: 'x' }, msg: undefined },
    ]);
  });

  it('logs as before when the request has no id', () => {
    const { logger } = recordingLogger();
    expect(requestLogger(logger, new Request('http://localhost/graphql'))).toBe(logger);
  });
});
