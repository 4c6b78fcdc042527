import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/** The composed server's per-address limit on the user-pool protocol (requests a minute). */
const PER_ADDRESS_LIMIT = 1200;

interface Answer {
  status: number;
  body: { __type?: string; message?: string };
}

/**
 * A client on its own loopback address (all of 127.0.0.0/8 is this machine), so the flood it sends is
 * counted apart from the other tests' requests, which come from 127.0.0.1.
 */
function clientAt(localAddress: string, baseURL: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 16, localAddress });
  const url = new URL('/identity', baseURL);
  url.hostname = '127.0.0.1';
  const call = (headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const body = JSON.stringify({ ClientId: 'noclient', Username: 'flood@example.com' });
      const outgoing = request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
            ...headers,
          },
        },
        (incoming) => {
          let text = '';
          incoming.setEncoding('utf8');
          incoming.on('data', (chunk: string) => (text += chunk));
          incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  return {
    call,
    /** Sends `count` requests, 16 at a time, and answers how many were refused as too many. */
    async flood(count: number, headers: (index: number) => Record<string, string> = () => ({})) {
      let refused = 0;
      let next = 0;
      const worker = async () => {
        while (next < count) {
          const answer = await call(headers(next++));
          if (answer.body.__type === 'TooManyRequestsException') refused++;
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      return refused;
    },
    close: () => agent.destroy(),
  };
}

const tooMany = { __type: 'TooManyRequestsException', message: 'Rate exceeded' };

test('the user pools refuse one address past its limit, and serve another', async ({ baseURL }) => {
  const flooder = clientAt('127.0.0.21', baseURL ?? '');
  const bystander = clientAt('127.0.0.22', baseURL ?? '');
  try {
    expect(await flooder.flood(PER_ADDRESS_LIMIT)).toBe(0);
    expect((await flooder.call()).body).toEqual(tooMany);
    const served = await bystander.call();
    expect(served.body.__type).toBe('ResourceNotFoundException');
  } finally {
    flooder.close();
    bystander.close();
  }
});

test('without TRUST_PROXY a forged X-Forwarded-For does not buy a fresh limit', async ({ baseURL }) => {
  const forger = clientAt('127.0.0.23', baseURL ?? '');
  try {
    const forged = (index: number) => ({
      'x-forwarded-for': `203.0.113.${index % 250}, 198.51.100.${index % 250}`,
    });
    expect(await forger.flood(PER_ADDRESS_LIMIT, forged)).toBe(0);
    expect((await forger.call({ 'x-forwarded-for': '192.0.2.77' })).body).toEqual(tooMany);
  } finally {
    forger.close();
  }
});

/** A second composed server, as deployed behind our own proxy (TRUST_PROXY), on a fresh database. */
async function startBehindProxy(port: number) {
  const server = spawn(process.execPath, ['server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'storefront-e2e-proxy-')),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    },
    stdio: 'ignore',
  });
  const baseURL = `http://localhost:${port}`;
  for (let waited = 0; waited < 90_000; waited += 500) {
    const healthy = await fetch(`${baseURL}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { baseURL, stop: () => server.kill() };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error('the server behind the proxy did not start');
}

test('with TRUST_PROXY the limit counts the address our proxy saw', async () => {
  test.setTimeout(150_000);
  const behindProxy = await startBehindProxy(Number(process.env.E2E_PORT ?? 3100) + 2);
  // Every request comes from the proxy's one address; the last X-Forwarded-For entry is the client it saw.
  const proxy = clientAt('127.0.0.24', behindProxy.baseURL);
  const seenBy = (client: string) => () => ({ 'x-forwarded-for': `10.9.8.7, ${client}` });
  try {
    expect(await proxy.flood(PER_ADDRESS_LIMIT, seenBy('203.0.113.5'))).toBe(0);
    expect((await proxy.call(seenBy('203.0.113.5')())).body).toEqual(tooMany);
    expect((await proxy.call(seenBy('203.0.113.6')())).body.__type).toBe('ResourceNotFoundException');
  } finally {
    proxy.close();
    behindProxy.stop();
  }
});
