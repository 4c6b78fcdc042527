import { GATEWAY_MAX_ROOT_FIELDS } from '@storefront/contracts/constants';
import { type GatewayCall, type GatewayClient, type GatewayTransport, sendCalls } from './gateway';

interface WaitingCall extends GatewayCall {
  /** The size of its variables as JSON, so a request stays well under the gateway's body limit. */
  bytes: number;
  resolve: (content: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Calls whose variables come to at most this share a request: the gateway takes bodies up to 64 KB, and a
 * page's reads are a few hundred bytes each. A larger call (a long quick order) goes on its own.
 */
const BATCH_BYTES = 16 * 1024;

/**
 * The server's client: the calls a page makes before the event loop turns (the loaders of a page, its
 * blocks) go to the gateway in one request, at most GATEWAY_MAX_ROOT_FIELDS calls each. Every caller still
 * gets its own content or its own GatewayCallError; a refused request (a 401) fails each of its calls.
 */
export function createBatchingGatewayClient(transport: GatewayTransport): GatewayClient {
  let waiting: WaitingCall[] = [];
  const flush = () => {
    const calls = waiting;
    waiting = [];
    for (const batch of batches(calls)) void send(transport, batch);
  };
  return (name, variables) =>
    new Promise((resolve, reject) => {
      // setImmediate runs once the promise callbacks of this turn are done: every call they make is in.
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ name, variables, bytes: JSON.stringify(variables).length, resolve, reject });
    });
}

function batches(calls: readonly WaitingCall[]): WaitingCall[][] {
  const result: WaitingCall[][] = [];
  let current: WaitingCall[] = [];
  let bytes = 0;
  for (const call of calls) {
    if (
      current.length === GATEWAY_MAX_ROOT_FIELDS ||
      (current.length > 0 && bytes + call.bytes > BATCH_BYTES)
    ) {
      result.push(current);
      current = [];
      bytes = 0;
    }
    current.push(call);
    bytes += call.bytes;
  }
  if (current.length > 0) result.push(current);
  return result;
}

async function send(transport: GatewayTransport, calls: readonly WaitingCall[]): Promise<void> {
  try {
    const answers = await sendCalls(transport, calls);
    calls.forEach((call, index) => {
      try {
        call.resolve(answers[index]?.());
      } catch (error) {
        call.reject(error);
      }
    });
  } catch (error) {
    for (const call of calls) call.reject(error);
  }
}
