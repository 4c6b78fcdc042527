import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { guestCrmCall } from './support/gateway';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request from a loopback address of the test's own (Linux answers all of 127/8), so the server sees that
 * client address on the socket and no other test shares its promo-code budget.
 */
function from(
  clientAddress: string,
  baseURL: string | undefined,
  path: string,
  init: { headers: Record<string, string>; body: string },
) {
  const url = new URL(path, baseURL);
  return new Promise<Answer>((resolve, reject) => {
    const sent = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: clientAddress,
        headers: { host: url.host, 'content-length': Buffer.byteLength(init.body), ...init.headers },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(init.body);
  });
}

/** getPromoCodeInfo through /graphql as a browser's script sends it; the envelope it answers. */
async function lookUp(
  clientAddress: string,
  baseURL: string | undefined,
  promoCode: string,
  headers: Record<string, string> = {},
) {
  const data = JSON.stringify({
    callType: 'GET',
    endpoint: `/services/apexrest/ecommerce?type=getPromoCodeInfo&promoCode=${promoCode}`,
  });
  const answer = await from(clientAddress, baseURL, '/graphql', {
    headers: {
      'content-type': 'application/json',
      'x-api-key': process.env.GATEWAY_API_KEY ?? '',
      ...headers,
    },
    body: JSON.stringify({
      query: 'query Call($data: AWSJSON) { salesforceActions(action: "makeCall", data: $data) }',
      variables: { data },
    }),
  });
  const { data: fields } = JSON.parse(answer.body) as { data: { salesforceActions: string } };
  return JSON.parse(fields.salesforceActions) as { statusCode: number; content: unknown };
}

const TOO_MANY = /^Too many promo code attempts; try again in \d+ seconds?\.$/;

test('a client guessing promo codes gets 429 past 20 a minute, whatever X-Forwarded-For it forges; another client is unaffected', async ({
  baseURL,
}) => {
  for (let guess = 0; guess < 20; guess++) {
    const forged = { 'x-forwarded-for': `198.51.100.${guess}` };
    expect((await lookUp('127.0.0.51', baseURL, `GUESS${guess}`, forged)).statusCode).toBe(404);
  }
  const refused = await lookUp('127.0.0.51', baseURL, 'FLOW10', { 'x-forwarded-for': '198.51.100.99' });
  expect(refused.statusCode).toBe(429);
  expect(refused.content).toMatch(TOO_MANY);
  expect(await lookUp('127.0.0.52', baseURL, 'FLOW10')).toMatchObject({
    statusCode: 200,
    content: { code: 'FLOW10', validToday: true },
  });
});

test("the cart page's promo form counts against the browser's address, and says when to try again", async ({
  request,
  baseURL,
}) => {
  const catalogue = await guestCrmCall<{ items: { id: string }[] }>(request, 'retrieveCatalogNG', 'POST', {
    pageSize: 1,
  });
  const itemId = catalogue.content.items[0]?.id ?? '';
  const client = '127.0.0.53';
  const form = (fields: Record<string, string>, cookie = '') =>
    from(client, baseURL, '/api/cart', {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(baseURL ?? '').origin,
        'sec-fetch-site': 'same-origin',
        ...(cookie && { cookie }),
      },
      body: new URLSearchParams(fields).toString(),
    });
  const added = await form({ intent: 'add', catalogItemId: itemId, qty: '1' });
  expect(added.status).toBe(200);
  const cookie = String(added.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  const { quoteId } = JSON.parse(added.body) as { quoteId: string };
  // Each try looks the code up once (getQLIsForPromoCode) and is refused, as an answer: 20 in a minute.
  for (let guess = 0; guess < 20; guess++) {
    const tried = await form({ intent: 'promo', quoteId, promoCode: `GUESS${guess}` }, cookie);
    expect(tried.status).toBe(200);
    expect(JSON.parse(tried.body)).toMatchObject({
      ok: false,
      message: 'There is no such promo code on this storefront.',
    });
  }
  const refused = await form({ intent: 'promo', quoteId, promoCode: 'WELCOME25' }, cookie);
  expect(refused.status).toBe(429);
  expect(JSON.parse(refused.body)).toMatchObject({ ok: false, message: expect.stringMatching(TOO_MANY) });
});
