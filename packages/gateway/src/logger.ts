/** The structured logger the server passes in (pino fits); the gateway never logs tokens or bodies. */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** The request id the server gave the request (x-request-id), on every line logged for it. */
export function requestLogger(logger: Logger, request: Request): Logger {
  const reqId = request.headers.get('x-request-id');
  if (!reqId) return logger;
  return {
    info: (obj, msg) => logger.info({ reqId, ...obj }, msg),
    warn: (obj, msg) => logger.warn({ reqId, ...obj }, msg),
    error: (obj, msg) => logger.error({ reqId, ...obj }, msg),
  };
}
