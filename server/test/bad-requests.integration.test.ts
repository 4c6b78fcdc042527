import { pageNotFoundMessage } from '@storefront/contracts/page-not-found';
import postgres from 'postgres';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ComposedServer, startComposedServer } from './composed-server';
import { createTestDatabase, missingPostgres } from './instances';

/** Imported by URL, as the route tests do: this package's type check does not take in the web app. */
const { FORM_NOT_READ } = (await import(
  new URL('../../apps/storefront/app/lib/form.server.ts', import.meta.url).href
)) as { FORM_NOT_READ: string };
const { routes } = (await import(
  new URL('../../apps/storefront/build/server/index.js', import.meta.url).href
)) as ServerBuild;

const MANAGER = { username: 'manager@halvorsen.example', password: 'Demo-Manager-2026!' };

/** Every route of the storefront, by its full path ('/billing/requests/:requestSlug'), with what it exports. */
function routePaths(): { path: string; action: boolean; loader: boolean }[] {
  const pathOf = (id: string): string => {
    const route = routes[id];
    if (!route) return '';
    const parent = route.parentId ? pathOf(route.parentId) : '';
    return route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path}`;
  };
  return Object.keys(routes).map((id) => ({
    path: pathOf(id) || '/',
    action: !!routes[id]?.module.action,
    loader: !!routes[id]?.module.loader,
  }));
}

/** The path with each of its parameters (and a splat) given `value`. */
const withParameters = (path: string, value: string) =>
  path.replace(/:\w+\??|\*/g, value).replace(/\/\/+/g, '/');

/** Bodies no page of the storefront sends: what a script sends when it posts JSON or forgets the boundary. */
const NOT_FORMS: [kind: string, headers: Record<string, string>, body: string][] = [
  ['JSON', { 'content-type': 'application/json' }, '{"intent":"check","rows":"[]"}'],
  ['multipart without a boundary', { 'content-type': 'multipart/form-data' }, 'intent=check'],
  ['multipart whose boundary is not in it', { 'content-type': 'multipart/form-data; boundary=b' }, 'x'],
];

describe('requests the storefront cannot read, at the composed server', () => {
  let server: ComposedServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startComposedServer();
    cookie = await server.signIn(MANAGER.username, MANAGER.password);
  }, 120_000);
  afterAll(() => server?.close());

  const post = (path: string, headers: Record<string, string>, body: string) =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...server.formHeaders(cookie), ...headers },
      body,
      redirect: 'manual',
    });

  it('answers a body that is no form with 400 and what to send, on the quick order, invoice payment and row check', async () => {
    for (const [kind, headers, body] of NOT_FORMS) {
      for (const path of ['/uploadoptions', '/billing/payment']) {
        const page = await post(path, headers, body);
        expect(page.status, `${kind} to ${path}`).toBe(400);
        const html = await page.text();
        expect(html).toContain('The request could not be read.');
        expect(html).toContain(FORM_NOT_READ);
        // The page's script posts to the same address with .data.
        const data = await post(`${path}.data`, headers, body);
        expect(data.status, `${kind} to ${path}.data`).toBe(400);
        expect(await data.text()).toContain(FORM_NOT_READ);
      }
      const check = await post('/api/quick-order/check', headers, body);
      expect(check.status, `${kind} to /api/quick-order/check`).toBe(400);
      expect(await check.json()).toEqual({ message: FORM_NOT_READ });
    }
  });

  it('answers 400, never 500, for such a body at every route that takes a form', async () => {
    const actions = routePaths().filter((route) => route.action);
    expect(actions.length).toBeGreaterThan(20);
    for (const { path } of actions) {
      for (const [kind, headers, body] of NOT_FORMS) {
        const answer = await post(withParameters(path, 'x'), headers, body);
        await answer.body?.cancel();
        expect(answer.status, `${kind} to ${path}`).toBeLessThan(500);
      }
    }
  });

  it("answers a page whose address holds a NUL with 404 'Page Not Found: {path}', never 500", async () => {
    for (const path of [
      '/elearning/%00',
      '/billing/requests/request-%00',
      '/billing/cases/%00',
      '/billing/quotes/%00',
      '/support/articles/%00',
      '/product_detail/guest-catalog/%00',
    ]) {
      const page = await fetch(`${server.baseUrl}${path}`, { headers: { cookie } });
      expect(page.status, path).toBe(404);
      expect(await page.text()).toContain(pageNotFoundMessage(path));
    }
    // Every other address with parameters, a NUL in each.
    for (const { path } of routePaths().filter((route) => route.loader && /[:*]/.test(route.path))) {
      const answer = await fetch(`${server.baseUrl}${withParameters(path, '%00')}`, {
        headers: { cookie },
        redirect: 'manual',
      });
      await answer.body?.cancel();
      expect(answer.status, path).toBeLessThan(500);
    }
  });
});

const noPostgres = await missingPostgres();

/**
 * A manager's new user whose e-mail is another account's user: the pool refuses it, and nothing is left in
 * the CRM. On PostgreSQL, so the test can read the CRM's contacts while the server runs.
 */
describe.skipIf(noPostgres !== null)(
  'a new user with an e-mail that is taken, at the composed server',
  () => {
    let server: ComposedServer;
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let sql: postgres.Sql;

    beforeAll(async () => {
      database = await createTestDatabase();
      server = await startComposedServer({ DATABASE_URL: database.url });
      sql = postgres(database.url, { max: 1, onnotice: () => {} });
    }, 180_000);
    afterAll(async () => {
      await sql?.end();
      await server?.close();
      await database?.drop();
    });

    it("answers 'A user with this email already exists.' and adds no contact to the manager's account", async () => {
      const contactsOf = (email: string) => sql<{ account: string }[]>`
      select a.name as account from contacts c join accounts a on a.id = c.account_id
      where lower(c.email) = ${email}`;
      // Marlowe's buyer is a contact of Marlowe's account only.
      expect(await contactsOf('buyer@marlowe.example')).toEqual([{ account: 'Marlowe Genomics Core' }]);
      const cookie = await server.signIn(MANAGER.username, MANAGER.password);
      const answer = await fetch(`${server.baseUrl}/billing/manageusers`, {
        method: 'POST',
        headers: server.formHeaders(cookie),
        body: new URLSearchParams({
          intent: 'createUser',
          email: 'buyer@marlowe.example',
          given_name: 'Someone',
          family_name: 'Else',
          local: 'en-US',
          groupName: 'AWSPortalUser',
          enabled: 'on',
        }),
      });
      expect(await answer.text()).toContain('A user with this email already exists.');
      expect(await contactsOf('buyer@marlowe.example')).toEqual([{ account: 'Marlowe Genomics Core' }]);
    });
  },
);
