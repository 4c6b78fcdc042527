import { type CrmError, MESSAGES } from '@storefront/contracts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An expected failure with the status and body the client gets; anything else becomes a 500 APEX_ERROR. */
export class CrmHttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'CrmHttpError';
  }

  get body(): CrmError {
    return { errorCode: this.errorCode, message: this.message };
  }
}

export const forbidden = () => new CrmHttpError(403, 'FORBIDDEN', MESSAGES.accessDenied);
export const notFound = (message: string) => new CrmHttpError(404, 'NOT_FOUND', message);
export const invalidPayload = (message: string) => new CrmHttpError(400, 'INVALID_PAYLOAD', message);
