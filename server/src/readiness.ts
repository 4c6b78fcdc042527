import type { MiddlewareHandler } from 'hono';

/** A part readiness asks: resolves when that part answers now. */
export type ReadinessCheck = () => Promise<void>;

/** A part that does not answer within this counts as down: a balancer's check must not hang. */
const CHECK_TIMEOUT_MS = 2_000;

export interface ReadinessReport {
  ready: boolean;
  status: 'ready' | 'unavailable' | 'stopping';
  /** Each part: 'ok', or 'no answer' (the reason stays in the server's own log, not on a public endpoint). */
  checks: Record<string, 'ok' | 'no answer'>;
}

/**
 * Whether this instance should be sent traffic: its start-up is done (it exists only then), every part answers
 * now, and it is not shutting down. Liveness (/health) is another matter: it answers while the process lives.
 */
export class Readiness {
  #stopping = false;

  constructor(private readonly checks: Record<string, ReadinessCheck>) {}

  /** Shutdown began: from now on not ready, and answers close their connection. */
  stop(): void {
    this.#stopping = true;
  }

  get stopping(): boolean {
    return this.#stopping;
  }

  async report(): Promise<ReadinessReport> {
    const parts = Object.entries(this.checks);
    const results = await Promise.all(parts.map(([, check]) => answersInTime(check)));
    const checks = Object.fromEntries(
      parts.map(([name], i) => [name, results[i] ? 'ok' : 'no answer'] as const),
    );
    const answering = results.every(Boolean);
    const status = this.#stopping ? 'stopping' : answering ? 'ready' : 'unavailable';
    return { ready: status === 'ready', status, checks };
  }
}

async function answersInTime(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Once shutdown began, every answer closes its connection: a client's next request opens a new one, at
 * another instance, instead of arriving at this one while it stops.
 */
export function closeConnectionsWhenStopping(readiness: Readiness): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (readiness.stopping) c.header('Connection', 'close');
  };
}
