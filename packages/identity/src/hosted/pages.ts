import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

type Page = HtmlEscapedString | Promise<HtmlEscapedString>;

/** Every hosted page: one small document, no scripts; hono/html escapes every interpolated value. */
export function layout(title: string, body: Page): Page {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          body { font-family: system-ui, sans-serif; max-width: 24rem; margin: 4rem auto; padding: 0 1rem; }
          label, input, button { display: block; width: 100%; box-sizing: border-box; }
          input { margin: 0.25rem 0 1rem; padding: 0.5rem; }
          button { padding: 0.6rem; }
          .error { color: #a00; }
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;
}

export interface FormContext {
  /** Where the form posts. */
  action: string;
  /** Hidden fields: the authorize query, the CSRF token, a challenge session... */
  hidden: Record<string, string>;
  error?: string;
}

export function hiddenFields(fields: Record<string, string>) {
  return Object.entries(fields).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
  );
}

export function errorLine(error: string | undefined) {
  return error ? html`<p class="error" role="alert">${error}</p>` : '';
}

export function signInPage(form: FormContext, username = ''): Page {
  return layout(
    'Sign in',
    html`<h1>Sign in</h1>
      ${errorLine(form.error)}
      <form method="post" action="${form.action}">
        ${hiddenFields(form.hidden)}
        <label for="username">Username</label>
        <input id="username" name="username" autocomplete="username" required value="${username}" />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <button type="submit">Sign in</button>
      </form>`,
  );
}

const CHALLENGE_FIELDS: Record<string, { label: string; name: string; type: string; autocomplete: string }> =
  {
    NEW_PASSWORD_REQUIRED: {
      label: 'New password',
      name: 'new_password',
      type: 'password',
      autocomplete: 'new-password',
    },
    SOFTWARE_TOKEN_MFA: {
      label: 'Code from your authenticator app',
      name: 'code',
      type: 'text',
      autocomplete: 'one-time-code',
    },
    SMS_MFA: {
      label: 'Code sent by text message',
      name: 'code',
      type: 'text',
      autocomplete: 'one-time-code',
    },
  };

/** The next step of a hosted sign-in: one field, or a choice of factor. */
export function challengePage(form: FormContext, challenge: string, choices: string[]): Page {
  const field = CHALLENGE_FIELDS[challenge];
  const input = field
    ? html`<label for="${field.name}">${field.label}</label>
        <input id="${field.name}" name="${field.name}" type="${field.type}" autocomplete="${field.autocomplete}" required />`
    : html`<fieldset>
        <legend>Choose how to confirm it is you</legend>
        ${choices.map(
          (choice) =>
            html`<label><input type="radio" name="answer" value="${choice}" required /> ${choice === 'SMS_MFA' ? 'Text message' : 'Authenticator app'}</label>`,
        )}
      </fieldset>`;
  return layout(
    'Sign in',
    html`<h1>Sign in</h1>
      ${errorLine(form.error)}
      <form method="post" action="${form.action}">
        ${hiddenFields(form.hidden)} ${input}
        <button type="submit">Continue</button>
      </form>`,
  );
}

export function messagePage(title: string, message: string): Page {
  return layout(title, html`<h1>${title}</h1><p>${message}</p>`);
}
