import { createHash } from 'node:crypto';
import type { Envelope } from '@storefront/contracts';
import { type Cache, memoryCache } from '@storefront/shared-state';
import { type Logger, requestLogger } from './logger';
import type { GatewayObserver } from './observer';
import { type AnswerSources, type KeptResult, reportField, startFieldSpan } from './operation';
import type { Principal } from './principal';

/**
 * Requests whose answers are remembered at once. Each holds the response's bytes (a catalogue page is about
 * 18 KB), so the bound is a few MB; the hot reads of a storefront are far fewer.
 */
const REMEMBERED_ANSWERS = 256;

/** Request headers that decide how GraphQL reads the body or writes the answer: the same request has the same. */
const SHAPING_HEADERS = ['content-type', 'content-encoding', 'accept', 'origin'] as const;

/**
 * The same request for the same caller: the whole principal the request resolved to (storefront, accounts,
 * contact, user, guest cart secret), the headers that shape the answer, and the body's exact bytes.
 */
export function sameRequestKey(principal: Principal, request: Request, body: Uint8Array): string {
  const shaping = SHAPING_HEADERS.map((name) => request.headers.get(name));
  // The JSON array closes before the body starts, so no two (caller, body) pairs hash the same text.
  return createHash('sha256')
    .update(JSON.stringify([principal, ...shaping]))
    .update(body)
    .digest('base64url');
}

interface RememberedAnswer {
  /** The results-cache entries the answer is made of, in the order the fields were answered. */
  sources: (KeptResult & { serialized?: string })[];
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}

/** The entry the results cache holds now is the one the answer was made of (Redis hands back a copy). */
function stillKept(current: Envelope | undefined, source: RememberedAnswer['sources'][number]): boolean {
  if (current === undefined) return false;
  if (current === source.envelope) return true;
  source.serialized ??= JSON.stringify(source.envelope);
  return JSON.stringify(current) === source.serialized;
}

/** An answer GraphQL gave with no errors, one data entry per root field: nothing but the kept results. */
function answersOnlyKept(text: string, sources: AnswerSources): boolean {
  const answer = JSON.parse(text) as { data?: Record<string, unknown> | null; errors?: unknown };
  return answer.errors === undefined && Object.keys(answer.data ?? {}).length === sources.kept.length;
}

export interface RememberedAnswers {
  /**
   * The answer GraphQL gave this same request before, while every results-cache entry it was made of is still
   * the one kept (an entry deleted or replaced, here or on another instance, ends it); each field is logged,
   * observed and traced as a cache hit, as GraphQL would have.
   */
  answer(key: string, request: Request): Promise<Response | undefined>;
  /** Remembers GraphQL's answer when it is made only of kept results; answers the same response. */
  remember(key: string, sources: AnswerSources, response: Response): Promise<Response>;
}

export function createRememberedAnswers(options: {
  results: Cache<Envelope>;
  ttlMs: number;
  logger: Logger;
  observer: GatewayObserver;
}): RememberedAnswers {
  const { results, observer } = options;
  const remembered = memoryCache<RememberedAnswer>({ ttlMs: options.ttlMs, maxEntries: REMEMBERED_ANSWERS });
  return {
    async answer(key, request) {
      const started = performance.now();
      const found = await remembered.get(key);
      if (!found) return undefined;
      const current = await Promise.all(found.sources.map((source) => results.get(source.key)));
      if (!found.sources.every((source, index) => stillKept(current[index], source))) {
        await remembered.delete(key);
        return undefined;
      }
      const seconds = (performance.now() - started) / 1000;
      const logger = requestLogger(options.logger, request);
      for (const { field, crmType, envelope } of found.sources) {
        const answered = { field, crmType, cache: 'hit' as const, status: envelope.statusCode, seconds };
        reportField(startFieldSpan(field), { logger, observer }, answered);
      }
      return new Response(found.body, { status: found.status, headers: found.headers });
    },
    async remember(key, sources, response) {
      if (!sources.allKept || response.status !== 200) return response;
      const body = new Uint8Array(await response.arrayBuffer());
      const headers = [...response.headers];
      if (answersOnlyKept(new TextDecoder().decode(body), sources)) {
        await remembered.set(key, { sources: sources.kept, status: response.status, headers, body });
      }
      return new Response(body, { status: response.status, headers });
    },
  };
}
