import { Hono } from 'hono';
import { html } from 'hono/html';
import type { IdentityContext } from '../context';
import { recentMessages } from './outbox';

/** Development only: the latest messages of every pool, so codes can be read without a mail server. */
export function mailboxRoutes(ctx: IdentityContext): Hono {
  const app = new Hono();
  app.get('/mailbox', async (c) => {
    const messages = await recentMessages(ctx.db, 100);
    // hono/html escapes every interpolated value.
    return c.html(html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <title>Mailbox</title>
        </head>
        <body>
          <h1>Mailbox</h1>
          <table>
            <thead>
              <tr><th>Sent</th><th>Pool</th><th>User</th><th>To</th><th>Subject</th><th>Message</th></tr>
            </thead>
            <tbody>
              ${messages.map(
                (m) =>
                  html`<tr><td>${m.createdAt.toISOString()}</td><td>${m.poolId}</td><td>${m.username}</td><td>${m.destination}</td><td>${m.subject}</td><td>${m.body}</td></tr>`,
              )}
            </tbody>
          </table>
        </body>
      </html>`);
  });
  return app;
}
