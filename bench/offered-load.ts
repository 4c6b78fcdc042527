/**
 * An open-loop load: requests leave at an even rate over a fixed pool of keep-alive connections, whatever the
 * answers take, and each is timed from the moment it is handed to the pool (so waiting for a free connection,
 * which the server's backlog causes, counts). autocannon's `connectionRate` is not this: it is a per-connection
 * budget a second, spent at full speed at the start of each second, so "1,000 req/s" over 50 connections is a
 * saturated burst of 1,000 and then an idle rest (decision 0042).
 */
import { Agent, request } from 'node:http';
import { percentile } from './cart-lines';

export interface OfferedLoad {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  /** Requests a second in all. */
  rate: number;
  seconds: number;
}

export interface OfferedResult {
  /** Answers a second actually received. */
  rps: number;
  p50: number;
  p99: number;
  /** Failed requests and answers other than 2xx. */
  errors: number;
}

/** The scheduler wakes this often and sends what has fallen due since. */
const TICK_MS = 1;

export async function offeredLoad(load: OfferedLoad): Promise<OfferedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: load.connections });
  const target = new URL(load.url);
  const latencies: number[] = [];
  let errors = 0;
  const inFlight = new Set<Promise<void>>();
  const send = () => {
    const started = performance.now();
    const done = new Promise<void>((resolve) => {
      const failed = () => {
        errors += 1;
        resolve();
      };
      const req = request(target, { agent, method: load.method ?? 'GET', headers: load.headers }, (res) => {
        res.resume();
        // A connection lost mid-answer counts as a failure instead of stopping the run.
        res.on('error', failed);
        res.on('end', () => {
          if (res.statusCode && res.statusCode >= 200 && res.statusCode < 300) {
            latencies.push(performance.now() - started);
            resolve();
          } else failed();
        });
      });
      req.on('error', failed);
      req.end(load.body);
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };
  const total = Math.round(load.rate * load.seconds);
  const startedAt = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - startedAt) / 1000) * load.rate) + 1);
      while (sent < due) {
        send();
        sent += 1;
      }
      if (sent < total) setTimeout(tick, TICK_MS);
      else resolve();
    };
    tick();
  });
  await Promise.all(inFlight);
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsedSeconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
  };
}
