import { Hash } from '@smithy/hash-node';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { MESSAGES } from '@storefront/contracts';
import { GatewayRefusal } from './envelope';

/** Where the user pools' admin API answers and who signs for it: our identity service or Amazon Cognito. */
export interface UserPoolAdminOptions {
  /** The user-pool JSON API (Cognito's regional endpoint, or the identity service's base). */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Reaches the pools (the identity app's own fetch in one process, globalThis.fetch at scale). */
  fetch: (request: Request) => Response | Promise<Response>;
}

/** A refusal the pools answered (`__type` and message, as Cognito sends them). */
export class UserPoolError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Calls one admin operation, e.g. `call('AdminGetUser', {UserPoolId, Username})`. */
export type UserPoolAdmin = <T = Record<string, unknown>>(
  operation: string,
  input: Record<string, unknown>,
) => Promise<T>;

export const USER_POOL_ADMIN_TIMEOUT_MS = 10_000;

/**
 * Cognito's admin wire protocol: a JSON POST naming the operation in X-Amz-Target, signed with SigV4 for
 * the service cognito-idp. Swapping our identity service for Amazon Cognito is the endpoint and keys only.
 */
export function createUserPoolAdmin(options: UserPoolAdminOptions): UserPoolAdmin {
  const signer = new SignatureV4({
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    region: options.region,
    service: 'cognito-idp',
    sha256: Hash.bind(null, 'sha256'),
  });
  const url = new URL(options.endpoint);
  return async <T>(operation: string, input: Record<string, unknown>): Promise<T> => {
    const body = JSON.stringify(input);
    const signed = await signer.sign(
      new HttpRequest({
        method: 'POST',
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port ? Number(url.port) : undefined,
        path: url.pathname,
        headers: {
          host: url.host,
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
        },
        body,
      }),
    );
    const request = new Request(url, {
      method: 'POST',
      headers: signed.headers,
      body,
      signal: AbortSignal.timeout(USER_POOL_ADMIN_TIMEOUT_MS),
    });
    const response = await Promise.resolve(options.fetch(request)).catch(() => {
      throw new GatewayRefusal(500, MESSAGES.appSyncFetchError);
    });
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.ok) return answer as T;
    if (response.status >= 500) throw new GatewayRefusal(500, MESSAGES.appSyncFetchError);
    const type = String(answer.__type ?? 'UnknownError').replace(/^.*#/, '');
    throw new UserPoolError(type, String(answer.message ?? answer.Message ?? type), response.status);
  };
}
