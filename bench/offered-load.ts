/**
 * An open-loop load: requests leave at an even rate over a fixed pool of keep-alive connections, whatever the
 * answers take, and each is timed from the moment it is handed to the pool (so waiting for a free connection,
 * which the server's backlog causes, counts). autocannon's `connectionRate` is not this: it is a per-connection
 * budget a second, spent at full speed at the start of each second, so "1,000 req/s" over 50 connections is a
 * saturated burst of 1,000 and then an idle rest (decision 0042).
 *
 * The generator shares the machine's two cores with the server, so it costs as little as it can: each request's
 * bytes are written once, ready-made, on a plain socket, and an answer is read only as far as its status line
 * and its length (node:http's client, with a message object and a stream per answer, took most of a core at
 * 1,000 req/s and its scheduling showed in the server's tail).
 */
import { connect, type Socket } from 'node:net';
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
/** How long to wait before connecting again after a connection was refused. */
const RECONNECT_DELAY_MS = 10;

/** Each connection's one read buffer. */
const READ_BUFFER_BYTES = 64 * 1024;

/** What a reader keeps when nothing is left unread: one empty buffer, not a new one a read. */
const NOTHING = Buffer.alloc(0);
const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

function requestBytes(load: OfferedLoad, target: URL): Buffer {
  const body = Buffer.from(load.body ?? '');
  const lines = [
    `${load.method ?? 'GET'} ${target.pathname}${target.search} HTTP/1.1`,
    `host: ${target.host}`,
    'connection: keep-alive',
    ...Object.entries(load.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    ...(body.length > 0 ? [`content-length: ${body.length}`] : []),
  ];
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), body]);
}

/** What follows an answer's head: its content-length, -2 for a chunked body, else nothing. */
function bodyLength(head: string): number {
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
  if (length !== undefined) return Number(length);
  return /\r\ntransfer-encoding:\s*chunked/i.test(head) ? -2 : 0;
}

/**
 * Reads HTTP/1.1 answers off one connection: a status line, headers with a content-length or chunked body.
 * `feed` answers the statuses of the answers the bytes completed. The bytes it is fed are the connection's
 * one read buffer, used again for the next read: body bytes are only counted, and what it keeps of a head or
 * a chunk's size line cut in two is copied.
 */
class AnswerReader {
  private pending: Buffer = NOTHING;
  private status = 0;
  /** Body bytes still to come, or -1 while the head is read, or -2 while a chunked body is read. */
  private remaining = -1;
  /** In a chunked body: bytes of the current chunk (and its CRLF) still to skip. */
  private chunkLeft = 0;
  private lastChunk = false;

  feed(bytes: Buffer): number[] {
    const completed: number[] = [];
    this.pending = this.pending.length === 0 ? bytes : Buffer.concat([this.pending, bytes]);
    for (;;) {
      if (this.remaining === -1) {
        const end = this.pending.indexOf(HEADER_END);
        if (end < 0) break;
        const head = this.pending.subarray(0, end).toString('latin1');
        this.pending = this.pending.subarray(end + HEADER_END.length);
        this.status = Number(head.slice(9, 12));
        this.remaining = bodyLength(head);
      }
      if (this.remaining === -2) {
        if (!this.skipChunks()) break;
      } else {
        const taken = Math.min(this.remaining, this.pending.length);
        this.pending = this.pending.subarray(taken);
        this.remaining -= taken;
        if (this.remaining > 0) break;
      }
      completed.push(this.status);
      this.remaining = -1;
    }
    // The read buffer is filled again by the next read: keep a copy of the few bytes still unread.
    this.pending = this.pending.length === 0 ? NOTHING : Buffer.from(this.pending);
    return completed;
  }

  /** Skips chunks, whole or in part; true once the last one (and the CRLF after it) is read. */
  private skipChunks(): boolean {
    for (;;) {
      if (this.chunkLeft > 0) {
        const taken = Math.min(this.chunkLeft, this.pending.length);
        this.pending = this.pending.subarray(taken);
        this.chunkLeft -= taken;
        if (this.chunkLeft > 0) return false;
        if (this.lastChunk) {
          this.lastChunk = false;
          return true;
        }
        continue;
      }
      const lineEnd = this.pending.indexOf(CRLF);
      if (lineEnd < 0) return false;
      const size = Number.parseInt(this.pending.subarray(0, lineEnd).toString('latin1'), 16);
      this.pending = this.pending.subarray(lineEnd + CRLF.length);
      // A chunk's data and its CRLF; the last chunk (size 0) has only the CRLF that ends the empty trailer.
      this.chunkLeft = size + CRLF.length;
      this.lastChunk = size === 0;
    }
  }
}

export async function offeredLoad(load: OfferedLoad): Promise<OfferedResult> {
  const target = new URL(load.url);
  const request = requestBytes(load, target);
  const latencies: number[] = [];
  let errors = 0;
  let answered = 0;
  /** When each request that waits for a free connection was handed to the pool. */
  const waiting: number[] = [];
  const idle: Socket[] = [];
  /** Per connection, when its request in flight was handed to the pool. */
  const inFlight = new Map<Socket, number>();
  const total = Math.round(load.rate * load.seconds);
  let allDone: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    allDone = resolve;
  });
  const settle = () => {
    answered += 1;
    if (answered === total) allDone();
  };
  const dispatch = (socket: Socket) => {
    const handedAt = waiting.shift();
    if (handedAt === undefined) {
      idle.push(socket);
      return;
    }
    inFlight.set(socket, handedAt);
    socket.write(request);
  };
  const open = () => {
    const reader = new AnswerReader();
    // One read buffer per connection, filled again by each read: answers allocate nothing, where a Buffer a
    // read made the generator's own garbage collections (external memory pressure) its latency's tail.
    const readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
    const socket = connect({
      host: target.hostname,
      port: Number(target.port || 80),
      noDelay: true,
      onread: {
        buffer: readBuffer,
        callback: (length) => {
          read(readBuffer.subarray(0, length));
          return true;
        },
      },
    });
    let connected = false;
    socket.on('connect', () => {
      connected = true;
      dispatch(socket);
    });
    const read = (bytes: Buffer) => {
      for (const status of reader.feed(bytes)) {
        const handedAt = inFlight.get(socket);
        inFlight.delete(socket);
        if (handedAt === undefined) continue;
        if (status >= 200 && status < 300) latencies.push(performance.now() - handedAt);
        else errors += 1;
        settle();
        dispatch(socket);
      }
    };
    // A connection lost mid-answer fails its request, and one refused fails a waiting request, so a server
    // that is down ends the run with failures; a new connection takes its place while requests remain.
    socket.on('error', () => {});
    socket.on('close', () => {
      const index = idle.indexOf(socket);
      if (index >= 0) idle.splice(index, 1);
      const failed = inFlight.delete(socket) || (!connected && waiting.shift() !== undefined);
      if (failed) {
        errors += 1;
        settle();
      }
      if (answered < total) setTimeout(open, connected ? 0 : RECONNECT_DELAY_MS);
    });
  };
  for (let i = 0; i < load.connections; i++) open();

  const startedAt = performance.now();
  let sent = 0;
  const tick = () => {
    const due = Math.min(total, Math.floor(((performance.now() - startedAt) / 1000) * load.rate) + 1);
    while (sent < due) {
      waiting.push(performance.now());
      sent += 1;
      const socket = idle.pop();
      if (socket) dispatch(socket);
    }
    if (sent < total) setTimeout(tick, TICK_MS);
  };
  tick();
  await finished;
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  for (const socket of [...idle, ...inFlight.keys()]) socket.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsedSeconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
  };
}
