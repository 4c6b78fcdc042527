import {
  addressResolutionModelSchema,
  avaTaxErrorResultSchema,
  transactionModelSchema,
} from '@storefront/contracts';
import type { z } from 'zod';
import type { AvaTaxClient } from '../core/handler';

/** Where the CRM's tax service is and how to sign in to it: Avalara's own, or the embedded one. */
export interface AvaTaxClientOptions {
  /** The service's base URL, e.g. https://sandbox-rest.avatax.com or http://localhost:3000/tax. */
  url: string;
  accountId: string;
  licenseKey: string;
  /** The company whose transactions these are (AvaTax's companyCode). */
  companyCode: string;
  /** How long a call may take before it counts as failed. */
  timeoutMs?: number;
  /** The embedded service answers in process; anything else goes over the network. */
  fetch?: (request: Request) => Response | Promise<Response>;
}

/** The tax service did not answer, refused, or answered outside AvaTax's models. */
export class AvaTaxCallError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'AvaTaxCallError';
  }
}

const DEFAULT_TIMEOUT_MS = 5_000;

export function createAvaTaxClient(options: AvaTaxClientOptions): AvaTaxClient {
  const base = options.url.replace(/\/+$/, '');
  const send = options.fetch ?? globalThis.fetch;
  const authorization = `Basic ${Buffer.from(`${options.accountId}:${options.licenseKey}`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call<S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.output<S>> {
    const request = new Request(`${base}${path}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    let response: Response;
    let answer: unknown;
    try {
      response = await send(request);
      answer = await response.json();
    } catch (error) {
      throw new AvaTaxCallError(`the tax service did not answer ${path} within ${timeoutMs} ms`, {
        cause: error,
      });
    }
    if (!response.ok) {
      const refusal = avaTaxErrorResultSchema.safeParse(answer);
      const reason = refusal.success
        ? `${refusal.data.error.code}: ${refusal.data.error.message}`
        : 'no reason given';
      throw new AvaTaxCallError(`the tax service refused ${path} (${response.status}, ${reason})`);
    }
    const parsed = schema.safeParse(answer);
    if (!parsed.success) throw new AvaTaxCallError(`the tax service answered ${path} outside AvaTax's model`);
    return parsed.data;
  }

  return {
    companyCode: options.companyCode,
    resolveAddress: (address) => call('/api/v2/addresses/resolve', address, addressResolutionModelSchema),
    createTransaction: (model) => call('/api/v2/transactions/create', model, transactionModelSchema),
  };
}
