import { randomBytes } from 'node:crypto';
import { PAYMENT_RETURN_PARAMS } from '@storefront/contracts/crm-payments';
import {
  PAYMENT_CHARGE_PATH,
  PAYMENT_REFUND_PATH,
  PAYMENT_RESULT_MAX_AGE_MINUTES,
  type PaymentFields,
  pickPaymentFields,
  type SignedPaymentFields,
  signPaymentFields,
  verifyPaymentSignature,
} from '@storefront/contracts/payment-protocol';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { readCard } from './card';
import { cardPage, messagePage, pagePolicy } from './page';
import { decideSavedCard, decideTestCard } from './test-cards';

/** What the provider writes to a log: request ids and outcomes, never a card field. */
export interface ProviderLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface PaymentProviderOptions {
  /** The HMAC-SHA256 secret shared with the merchant (the CRM). */
  secret: string;
  /** How the provider posts its result to a request's callback URL, server to server. */
  fetch: (request: Request) => Promise<Response>;
  now?: () => Date;
  logger?: ProviderLogger;
}

/** How the buyer comes back to the store: with the request, its status and their signature. */
export type ReturnStatus = 'succeeded' | 'declined' | 'cancelled' | 'failed';

/** A card form is a few hundred bytes; the signed request a few more. */
const MAX_BODY_BYTES = 16 * 1024;
const CALLBACK_TIMEOUT_MS = 10_000;

type Env = { Variables: { nonce: string; returnOrigin: string | null } };

const silent: ProviderLogger = { info: () => undefined, warn: () => undefined };

/**
 * The embedded payment provider: `POST /pay` with a signed payment request (or a request to save a card,
 * no charge) shows the hosted card page; the page posts the card back to the same URL, the provider decides
 * (test cards), posts its signed result to the request's callback URL and sends the browser to the return URL.
 * `POST /charges` charges a saved card's token for the merchant, server to server, and answers the signed result
 * at once; `POST /refunds` gives back (part of) a charge the same way. It keeps no state and stores no card.
 */
export function createPaymentProvider(options: PaymentProviderOptions): Hono<Env> {
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? silent;
  const app = new Hono<Env>();

  app.use(async (c, next) => {
    c.set('nonce', randomBytes(16).toString('base64'));
    c.set('returnOrigin', null);
    await next();
    c.header('Content-Security-Policy', pagePolicy(c.get('nonce'), c.get('returnOrigin')));
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
  });
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        page(c, 413, messagePage(c.get('nonce'), 'Request too large', 'This page takes at most 16 KB.')),
    }),
  );

  app.get('/pay', (c) =>
    page(
      c,
      400,
      messagePage(
        c.get('nonce'),
        'No payment to make',
        "A payment starts from the store's checkout, which sends you here with its payment request.",
      ),
    ),
  );

  app.post('/pay', async (c) => {
    const nonce = c.get('nonce');
    const form = await c.req.parseBody();
    const payment = verifiedRequest(options.secret, 'request', form);
    const request = payment ?? verifiedRequest(options.secret, 'card_request', form);
    if (!request) {
      return page(
        c,
        403,
        messagePage(
          nonce,
          'Payment request not valid',
          'This payment request was not signed by the store. Go back to the store and start the payment again.',
        ),
      );
    }
    c.set('returnOrigin', new URL(request.return_url).origin);
    const back = (status: ReturnStatus) => returnHref(options.secret, request, status);
    if (Date.parse(request.expires_at) < now().getTime()) {
      return page(
        c,
        410,
        messagePage(
          nonce,
          'Payment request expired',
          'This payment request has expired; nothing was charged.',
          {
            href: back('cancelled'),
            label: `Return to ${request.merchant} and start the payment again`,
          },
        ),
      );
    }
    const showCard = (status: ContentfulStatusCode, extra: Partial<Parameters<typeof cardPage>[0]> = {}) =>
      page(
        c,
        status,
        cardPage({ nonce, request, action: c.req.path, cancelHref: back('cancelled'), ...extra }),
      );
    if (!('number' in form)) return showCard(200);

    // The card comes from this page's own form; another site cannot post one in the buyer's name.
    if (c.req.header('sec-fetch-site') === 'cross-site') {
      return page(c, 403, messagePage(nonce, 'Not allowed', 'Enter the card on this payment page.'));
    }
    const read = readCard(form, now());
    if ('errors' in read) {
      const values = Object.fromEntries(
        Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
      return showCard(422, { errors: read.errors, values });
    }
    const { card } = read;
    const decision = decideTestCard(card.number);
    const decided = {
      request_id: request.request_id,
      status: decision.outcome,
      // A random token, not derived from the number: a hash of a card number is still card data.
      token: decision.outcome === 'succeeded' ? `tok_${randomBytes(18).toString('base64url')}` : '',
      brand: card.brand,
      last4: card.last4,
      decline_reason: decision.declineReason ?? '',
      timestamp: now().toISOString(),
      nonce: randomBytes(16).toString('base64url'),
    };
    // Saving a card charges nothing: its result carries the expiry the saved method shows instead of an amount.
    const result = payment
      ? signPaymentFields(options.secret, 'result', {
          ...decided,
          amount: payment.amount,
          currency: payment.currency,
        })
      : signPaymentFields(options.secret, 'card_result', {
          ...decided,
          exp_month: String(card.expMonth),
          exp_year: String(card.expYear),
        });
    const delivered = await deliver(options.fetch, request.callback_url, result);
    logger.info(
      { requestId: request.request_id, outcome: decision.outcome, brand: card.brand, delivered },
      payment ? 'payment decided' : 'card to save decided',
    );
    if (delivered === 'recorded') return c.redirect(back(decision.outcome), 303);
    if (delivered === 'already answered') {
      return page(
        c,
        409,
        messagePage(nonce, 'Payment already made', 'This payment request has already been answered.', {
          href: back('cancelled'),
          label: `Return to ${request.merchant}`,
        }),
      );
    }
    return page(
      c,
      502,
      messagePage(
        nonce,
        'Payment not confirmed',
        `${request.merchant} could not confirm the payment, so your card was not charged. Return to the store and try again.`,
        { href: back('failed'), label: `Return to ${request.merchant}` },
      ),
    );
  });
  /** The merchant's signed, fresh message of the kind from a JSON body, or the answer refusing it. */
  async function merchantMessage<M extends 'charge' | 'refund'>(
    c: Context<Env>,
    kind: M,
  ): Promise<PaymentFields<M> | Response> {
    const body: unknown = await c.req.json().catch(() => null);
    const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const fields = pickPaymentFields(kind, record);
    const { signature } = record;
    if (!fields || typeof signature !== 'string') {
      return c.json({ error: `a ${kind} takes the signed fields of the ${kind} message` }, 400);
    }
    if (!verifyPaymentSignature(options.secret, kind, fields, signature)) {
      return c.json({ error: `the ${kind} was not signed by the merchant` }, 403);
    }
    const { timestamp } = fields as Pick<PaymentFields<'charge'>, 'timestamp'>;
    const at = Date.parse(timestamp);
    if (Number.isNaN(at) || Math.abs(now().getTime() - at) > PAYMENT_RESULT_MAX_AGE_MINUTES * 60_000) {
      return c.json({ error: `the ${kind} is stale; a captured ${kind} is not taken again` }, 400);
    }
    return fields;
  }

  app.post(PAYMENT_CHARGE_PATH, async (c) => {
    const charge = await merchantMessage(c, 'charge');
    if (charge instanceof Response) return charge;
    const decision = decideSavedCard(charge.token);
    logger.info(
      { requestId: charge.request_id, outcome: decision.outcome },
      'charge of a saved card decided',
    );
    return c.json(
      signPaymentFields(options.secret, 'charge_result', {
        request_id: charge.request_id,
        status: decision.outcome,
        amount: charge.amount,
        currency: charge.currency,
        decline_reason: decision.declineReason ?? '',
        timestamp: now().toISOString(),
        nonce: randomBytes(16).toString('base64url'),
      }),
    );
  });
  // The test provider keeps no charges, so it refunds what the merchant signed; a real one checks the charge.
  app.post(PAYMENT_REFUND_PATH, async (c) => {
    const refund = await merchantMessage(c, 'refund');
    if (refund instanceof Response) return refund;
    logger.info({ requestId: refund.request_id, refundId: refund.refund_id }, 'refund made');
    return c.json(
      signPaymentFields(options.secret, 'refund_result', {
        refund_id: refund.refund_id,
        status: 'refunded',
        amount: refund.amount,
        currency: refund.currency,
        timestamp: now().toISOString(),
        nonce: randomBytes(16).toString('base64url'),
      }),
    );
  });
  return app;
}

function page(c: Context<Env>, status: ContentfulStatusCode, html: string): Response {
  return c.html(html, status);
}

/**
 * The form's signed request of the kind (a payment, or a card to save), or null when it is incomplete or its
 * signature does not match.
 */
function verifiedRequest<M extends 'request' | 'card_request'>(
  secret: string,
  kind: M,
  form: Record<string, unknown>,
): SignedPaymentFields<M> | null {
  const fields = pickPaymentFields(kind, form);
  const { signature } = form;
  if (!fields || typeof signature !== 'string') return null;
  if (!verifyPaymentSignature(secret, kind, fields, signature)) return null;
  // Both kinds carry return_url; the generic kind does not tell the compiler so.
  const { return_url: returnUrl } = fields as Pick<PaymentFields<'card_request'>, 'return_url'>;
  return URL.canParse(returnUrl) ? { ...fields, signature } : null;
}

/** The return URL with the signed result reference the store reads. */
function returnHref(
  secret: string,
  request: Pick<PaymentFields<'request'>, 'request_id' | 'return_url'>,
  status: ReturnStatus,
): string {
  const url = new URL(request.return_url);
  const reference = signPaymentFields(secret, 'return', { request_id: request.request_id, status });
  url.searchParams.set(PAYMENT_RETURN_PARAMS.request, reference.request_id);
  url.searchParams.set(PAYMENT_RETURN_PARAMS.status, reference.status);
  url.searchParams.set(PAYMENT_RETURN_PARAMS.signature, reference.signature);
  return url.toString();
}

type Delivery = 'recorded' | 'already answered' | 'failed';

/** Posts the result to the merchant; a 409 means the request (or its quote) already has its result. */
async function deliver(
  fetch: PaymentProviderOptions['fetch'],
  callbackUrl: string,
  result: SignedPaymentFields<'result'> | SignedPaymentFields<'card_result'>,
): Promise<Delivery> {
  try {
    const response = await fetch(
      new Request(callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(result),
        signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
      }),
    );
    await response.body?.cancel();
    if (response.ok) return 'recorded';
    return response.status === 409 ? 'already answered' : 'failed';
  } catch {
    return 'failed';
  }
}
