import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROFILES } from '../src/demo-users';
import { type ComposedServer, startComposedServer } from './composed-server';

const password = (username: string) =>
  Object.values(DEMO_PROFILES)
    .flat()
    .find((profile) => profile.username === username)?.password ?? '';

/** What differs between two renders of one page by design: each render's Content-Security-Policy nonce. */
const withoutNonces = (html: string) => html.replaceAll(/nonce="[^"]*"/g, 'nonce=""');

/**
 * A page kept for a price context (docs/decisions/0067) is what a render for any viewer of that context gives,
 * byte for byte apart from the nonces: two buyers of one account, each rendered afresh (entries kept for 1 ms).
 */
describe('pages rendered for a price context at the composed server', () => {
  let server: ComposedServer;
  let productPage: string;

  beforeAll(async () => {
    server = await startComposedServer({ PAGE_CACHE_TTL_MS: '1' });
    const home = await (await fetch(`${server.baseUrl}/`)).text();
    productPage = /href="(\/product\/[^"]+-kit)"/.exec(home)?.[1] ?? '';
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const view = async (username: string, path: string) => {
    const cookie = await server.signIn(username, password(username));
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie, accept: 'text/html' } });
    expect(response.status).toBe(200);
    return { cache: response.headers.get('x-page-cache'), html: await response.text() };
  };

  it('renders the same page for every buyer of an account, naming none of them', async () => {
    expect(productPage).toMatch(/^\/product\//);
    const tomas = await view('buyer@halvorsen.example', productPage);
    const sofie = await view('purchasing@halvorsen.example', productPage);
    expect(tomas.cache).toBe('miss');
    expect(sofie.cache).toBe('miss');
    expect(withoutNonces(sofie.html)).toBe(withoutNonces(tomas.html));
    for (const name of ['Tomas', 'Sofie']) expect(tomas.html).not.toContain(name);
  }, 60_000);
});
