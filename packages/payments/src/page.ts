import { formatMoney } from '@storefront/contracts';
import type { SignedPaymentFields } from '@storefront/contracts/payment-protocol';
import type { CardErrors, CardField } from './card';

/** Text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1c2733}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:1.25rem;margin:0 0 .25rem}.amount{font-size:1.75rem;font-weight:600;margin:0 0 1rem}
label{display:block;font-weight:600;margin-top:1rem}
input{box-sizing:border-box;width:100%;font:inherit;padding:.5rem;border:1px solid #6b7785;border-radius:4px}
.row{display:flex;gap:1rem}.row>div{flex:1}
.error{color:#b00020;margin:.25rem 0 0}.note{color:#4a5563;font-size:.875rem}
button{margin-top:1.5rem;width:100%;font:inherit;font-weight:600;padding:.75rem;border:0;border-radius:4px;background:#0b5cad;color:#fff;cursor:pointer}
a{color:#0b5cad}
`;

/** The page's own policy: nothing but its nonce'd style; forms post to itself and to the store it returns to. */
export function pagePolicy(nonce: string, returnOrigin: string | null): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    // A browser checks a form's redirect too: the 303 back to the store is part of the submission.
    `form-action 'self'${returnOrigin ? ` ${returnOrigin}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

function layout(nonce: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

/** A page that only tells what happened, with an optional way back to the store. */
export function messagePage(
  nonce: string,
  title: string,
  message: string,
  back?: { href: string; label: string },
) {
  const link = back ? `<p><a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a></p>` : '';
  return layout(nonce, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${link}`);
}

interface CardInput {
  field: CardField;
  label: string;
  autocomplete: string;
  inputmode?: string;
  /** Typed-in values shown again after a correction; the card number and CVC never are. */
  keep: boolean;
}

const INPUTS: readonly CardInput[] = [
  { field: 'number', label: 'Card number', autocomplete: 'cc-number', inputmode: 'numeric', keep: false },
  { field: 'expiry', label: 'Expiry date (MM/YY)', autocomplete: 'cc-exp', keep: true },
  { field: 'cvc', label: 'Security code (CVC)', autocomplete: 'cc-csc', inputmode: 'numeric', keep: false },
  { field: 'name', label: 'Name on card', autocomplete: 'cc-name', keep: true },
];

function input(spec: CardInput, errors: CardErrors, values: Record<string, string>): string {
  const error = errors[spec.field];
  const id = `card-${spec.field}`;
  const value = spec.keep ? (values[spec.field] ?? '') : '';
  return `<div><label for="${id}">${spec.label}</label>
<input id="${id}" name="${spec.field}" autocomplete="${spec.autocomplete}"${spec.inputmode ? ` inputmode="${spec.inputmode}"` : ''} required value="${escapeHtml(value)}"${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>
${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}</div>`;
}

/** The hosted card form; the signed request travels along in hidden fields, so the provider keeps no state. */
export function cardPage(options: {
  nonce: string;
  request: SignedPaymentFields<'request'> | SignedPaymentFields<'card_request'>;
  action: string;
  cancelHref: string;
  errors?: CardErrors;
  values?: Record<string, string>;
  problem?: string;
}): string {
  const { nonce, request, errors = {}, values = {} } = options;
  // A request to save a card names no amount: nothing is charged.
  const amount = 'amount' in request ? formatMoney(Number(request.amount), request.currency) : null;
  const title = amount ? `Pay ${request.merchant}` : `Save a card with ${request.merchant}`;
  // What the merchant says is paid (a quote, invoice numbers), so the buyer can tell what they pay for.
  const reference = 'reference' in request ? `<p>Reference: ${escapeHtml(request.reference)}</p>` : '';
  const hidden = Object.entries(request)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n');
  const [number, expiry, cvc, name] = INPUTS.map((spec) => input(spec, errors, values));
  const problem = options.problem ? `<p class="error" role="alert">${escapeHtml(options.problem)}</p>` : '';
  return layout(
    nonce,
    title,
    `<h1>${escapeHtml(title)}</h1>
${amount ? `<p class="amount">${escapeHtml(amount)}</p>` : '<p>Nothing is charged now: the card is kept as a token for later payments.</p>'}${reference}
<p class="note">Test mode: no card is charged. Use a test card such as 4242 4242 4242 4242.</p>${problem}
<form method="post" action="${escapeHtml(options.action)}">
${hidden}
${number}
<div class="row">${expiry}${cvc}</div>
${name}
<button type="submit">${amount ? `Pay ${escapeHtml(amount)}` : 'Save card'}</button>
</form>
<p><a href="${escapeHtml(options.cancelHref)}">Cancel and return to ${escapeHtml(request.merchant)}</a></p>`,
  );
}
