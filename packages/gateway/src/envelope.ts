import { type Envelope, envelope, MESSAGES } from '@storefront/contracts';

/** A refusal with the status the client sees in the envelope (401, 403, 404...). */
export class GatewayRefusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'GatewayRefusal';
  }
}

/** The message of a guest refused by a field or a storefront that has no guest account. */
export const NOT_SIGNED_IN = 'Not signed in';

/**
 * A request's credentials refused (a token that does not parse or verify): AppSync answers the whole request
 * 401 UnauthorizedException before any field runs, and so does the gateway (see http.ts).
 */
export class Unauthorized extends GatewayRefusal {
  constructor(message: string) {
    super(401, message);
    this.name = 'Unauthorized';
  }
}

export const accessDenied = (): GatewayRefusal => new GatewayRefusal(403, MESSAGES.accessDenied);

/** Fields whose back end arrives in a later issue: an honest 501, never a fake success. */
export const notAvailableYet = (): Envelope<string> => envelope(501, MESSAGES.notAvailableYet);

/** Spec P§8: a known refusal keeps its status; any other exception is a 400 with its message, never a stack. */
export function errorEnvelope(error: unknown): Envelope<string> {
  if (error instanceof GatewayRefusal) return envelope(error.statusCode, error.message);
  return envelope(400, error instanceof Error ? error.message : String(error));
}
