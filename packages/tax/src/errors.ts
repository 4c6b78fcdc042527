import type { AvaTaxErrorResult } from '@storefront/contracts';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** A refusal in AvaTax's ErrorResult shape: `{error: {code, message, target, details[]}}`. */
export class AvaTaxError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly target: string,
  ) {
    super(message);
    this.name = 'AvaTaxError';
  }

  get body(): AvaTaxErrorResult {
    return {
      error: {
        code: this.code,
        message: this.message,
        target: this.target,
        details: [
          {
            code: this.code,
            message: this.message,
            faultCode: this.status >= 500 ? 'Server' : 'Client',
            refersTo: this.target,
            severity: 'Error',
          },
        ],
      },
    };
  }
}

export function errorAnswer(c: Context, error: AvaTaxError): Response {
  return c.json(error.body, error.status);
}
