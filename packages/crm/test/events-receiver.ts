import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BusinessEvent } from '@storefront/contracts';

/** A delivery as a webhook receiver got it: the raw body (what the signature covers) and its headers. */
export interface ReceivedDelivery {
  body: string;
  event: BusinessEvent;
  signature: string;
  eventIdHeader: string;
  /** What the receiver answered. */
  status: number | 'held';
}

/** How the receiver answers a delivery: a status, or 'hold' to keep the request open without answering. */
export type Answering = (event: BusinessEvent, received: ReceivedDelivery[]) => number | 'hold';

/** A real HTTP receiver on a free local port, as an integrator's endpoint would take the storefront's events. */
export async function startReceiver(answering: Answering = () => 200) {
  const received: ReceivedDelivery[] = [];
  let answer = answering;
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const event = JSON.parse(body) as BusinessEvent;
    const status = answer(event, received);
    received.push({
      body,
      event,
      signature: String(request.headers['storefront-signature'] ?? ''),
      eventIdHeader: String(request.headers['storefront-event-id'] ?? ''),
      status: status === 'hold' ? 'held' : status,
    });
    if (status === 'hold') return;
    response.writeHead(
      status,
      status >= 300 && status < 400 ? { location: 'http://127.0.0.1:9/elsewhere' } : {},
    );
    response.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/storefront-events`,
    received,
    /** The events the receiver took (answered 2xx), in the order it took them. */
    taken: () => received.filter((delivery) => typeof delivery.status === 'number' && delivery.status < 300),
    answerWith(next: Answering) {
      answer = next;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
