import { type CrmError, type ErrorCode, fieldMessage, MESSAGES } from '@storefront/contracts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * An expected failure with the status and body the client gets; anything else becomes a 500 APEX_ERROR.
 * A refusal about one payload field names it: the body carries `field`, and the message reads 'field: problem'.
 */
export class CrmHttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorCode: ErrorCode,
    problem: string,
    readonly field?: string,
  ) {
    super(fieldMessage(problem, field));
    this.name = 'CrmHttpError';
  }

  get body(): CrmError {
    const body: CrmError = { errorCode: this.errorCode, message: this.message };
    return this.field ? { ...body, field: this.field } : body;
  }
}

export const forbidden = () => new CrmHttpError(403, 'FORBIDDEN', MESSAGES.accessDenied);
export const notFound = (problem: string, field?: string) =>
  new CrmHttpError(404, 'NOT_FOUND', problem, field);
export const invalidPayload = (problem: string, field?: string) =>
  new CrmHttpError(400, 'INVALID_PAYLOAD', problem, field);
