import type { PGlite, Transaction } from '@electric-sql/pglite';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type postgres from 'postgres';

/**
 * Every query the services send goes through here: it counts while it waits or runs (the pool's gauge) and,
 * when tracing is on, is a client span under whatever part sent it. Without a tracer registered the span is
 * OpenTelemetry's no-op one.
 */
const tracer = trace.getTracer('@storefront/database');

/** Queries sent and not answered yet: running, or waiting for PGlite's one engine or a free connection. */
export class QueryActivity {
  inProgress = 0;

  async observe<T>(statement: string, run: () => Promise<T>): Promise<T> {
    this.inProgress++;
    const operation = /^\s*(\w+)/.exec(statement)?.[1]?.toUpperCase() ?? 'QUERY';
    const attributes = {
      'db.system.name': 'postgresql',
      'db.operation.name': operation,
      // The text only: parameters (customer data) never go into a span.
      'db.query.text': statement,
    };
    return tracer.startActiveSpan(`db ${operation}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
      try {
        return await run();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : '' });
        throw error;
      } finally {
        span.end();
        this.inProgress--;
      }
    });
  }
}

type Queries = Pick<Transaction, 'query' | 'exec'>;

function observedQueries<C extends Queries>(client: C, activity: QueryActivity): Queries {
  return {
    query: (statement, params, options) =>
      activity.observe(statement, () => client.query(statement, params, options)),
    exec: (statement, options) => activity.observe(statement, () => client.exec(statement, options)),
  };
}

/** PGlite with its queries observed; drizzle calls `query` and `transaction`, the rest passes through. */
export function observedPglite(client: PGlite, activity: QueryActivity): PGlite {
  const queries = observedQueries(client, activity);
  const transaction: PGlite['transaction'] = (callback) =>
    client.transaction((tx) => callback(Object.assign(Object.create(tx), observedQueries(tx, activity))));
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query' || property === 'exec') return queries[property];
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, target);
      // PGlite keeps private fields: its own methods must run on it, not on the proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * postgres.js with its queries observed: drizzle sends them through `unsafe`, in `begin` and `savepoint`
 * transactions too. A postgres.js query is lazy, sent when first awaited: the observation starts there.
 */
export function observedPostgres<S extends postgres.Sql | postgres.TransactionSql>(
  client: S,
  activity: QueryActivity,
): S {
  const unsafe = (
    statement: string,
    params?: postgres.ParameterOrJSON<never>[],
    options?: postgres.UnsafeQueryOptions,
  ) => {
    const pending = client.unsafe(statement, params, options);
    type Answer = Awaited<typeof pending>;
    const send = pending.then.bind(pending);
    let answer: Promise<Answer> | undefined;
    // `values()` and the like return the same query, so they keep this `then`.
    // biome-ignore lint/suspicious/noThenProperty: the query is sent by its `then`; observing it means wrapping that.
    pending.then = ((onFulfilled, onRejected) => {
      answer ??= activity.observe(statement, () => send<Answer>());
      return answer.then(onFulfilled, onRejected);
    }) as typeof pending.then;
    return pending;
  };
  const inTransaction =
    (open: (callback: (tx: postgres.TransactionSql) => unknown) => Promise<unknown>) =>
    (callback: (tx: postgres.TransactionSql) => unknown) =>
      open((tx) => callback(observedPostgres(tx, activity)));
  return new Proxy(client, {
    get(target, property) {
      if (property === 'unsafe') return unsafe;
      if (property === 'begin' && 'begin' in target)
        return inTransaction((callback) => target.begin(callback));
      if (property === 'savepoint' && 'savepoint' in target)
        return inTransaction((callback) => target.savepoint(callback));
      return Reflect.get(target, property, target);
    },
  });
}
