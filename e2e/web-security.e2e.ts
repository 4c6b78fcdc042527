import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { guestCrmCall } from './support/gateway';
import { signIn } from './support/sign-in';
import { catalogue } from './support/storefront';

/** A site of someone else: Chromium loads this page from there, so its requests here are cross-site. */
const ATTACKER = 'http://attacker.test';
const CROSS_SITE_MESSAGE =
  'Refused: this request was sent from another site. Open the page on this storefront and try again.';

/** Opens `html` as a page of the attacker's site. */
async function openAttackerPage(page: Page, html: string): Promise<void> {
  await page.route(`${ATTACKER}/**`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(`${ATTACKER}/`);
}

async function anyItemId(request: APIRequestContext): Promise<string> {
  const answer = await guestCrmCall<{ items: { id: string }[] }>(request, 'retrieveCatalogNG', 'POST', {
    pageSize: 1,
  });
  const id = answer.content.items[0]?.id;
  if (!id) throw new Error('the demo catalogue is empty');
  return id;
}

async function guestCartCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'sf_guest_cart')?.value;
}

test.describe('security headers', () => {
  test('pages, data and files carry them; plain http gets no HSTS', async ({ request }) => {
    for (const path of ['/', '/login', '/cart', '/favicon.svg', '/health', '/no-such-page']) {
      const headers = (await request.get(path)).headers();
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['strict-transport-security'], path).toBeUndefined();
    }
    // A page rendered for one visitor runs its scripts by this request's nonce; a page kept for every
    // visitor without cookies by its scripts' hashes (docs/decisions/0044).
    const rendered = (await request.get('/login')).headers()['content-security-policy'] ?? '';
    expect(rendered).toMatch(/script-src 'self' 'nonce-[\w+/=]{22,}'/);
    const kept = (await request.get('/')).headers()['content-security-policy'] ?? '';
    expect(kept).toMatch(/script-src 'self' 'sha256-[\w+/=]{43,}'/);
    expect(kept).not.toContain("'nonce-");
    // Without TRUST_PROXY a client's X-Forwarded-Proto is its own word: no HSTS, no Secure cookie.
    const forwarded = await request.post('/api/cart', {
      headers: { 'x-forwarded-proto': 'https' },
      form: { intent: 'add', catalogItemId: await anyItemId(request), qty: '1' },
    });
    expect(forwarded.headers()['strict-transport-security']).toBeUndefined();
    expect(forwarded.headers()['set-cookie']).not.toContain('Secure');
  });

  test('each rendered page gets its own nonce, and the storefront runs without a CSP violation', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto('/login');
    const policy = (await response?.headerValue('content-security-policy')) ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    // Browsers hide a script's nonce attribute from the page; the property keeps it.
    const scriptNonces = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')].map(
        (script) => (script as HTMLScriptElement).nonce,
      ),
    );
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
    const next = await page.request.get('/login');
    expect(next.headers()['content-security-policy']).not.toContain(`'nonce-${nonce}'`);

    // Hydrated, navigating on the client, adding to the cart, the cart and sign-in pages.
    await page.goto('/');
    await catalogue.openCategory(page, 'Genomics Kits');
    await catalogue.productLinks(page).first().click();
    await expect(page).toHaveURL(/\/product\//);
    await page
      .getByRole('button', { name: /^Add to Cart/ })
      .first()
      .click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
      'was added to your cart.',
    );
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await page.goto('/login');
    await expect(signIn.heading(page, 'Sign in')).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('another site cannot frame the sign-in page', async ({ page, baseURL }) => {
    await openAttackerPage(
      page,
      `<iframe src="${baseURL}/login" title="framed" onload="document.title = 'framed'"></iframe>`,
    );
    await expect(page).toHaveTitle('framed');
    await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  });
});

test.describe('behind a TLS proxy the server trusts (TRUST_PROXY=true)', () => {
  let server: ChildProcess | undefined;
  let proxied = '';

  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(180_000);
    // A second server of this build, as deployed behind a proxy that terminates TLS.
    const port = Number(new URL(baseURL ?? '').port) + 2;
    proxied = `http://localhost:${port}`;
    server = spawn(process.execPath, ['server/dist/main.js'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'storefront-e2e-proxied-')),
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'true',
      },
      stdio: 'ignore',
    });
    await expect
      .poll(
        () =>
          fetch(`${proxied}/health/ready`).then(
            (response) => response.status,
            () => 0,
          ),
        { timeout: 170_000 },
      )
      .toBe(200);
  });

  test.afterAll(() => {
    server?.kill();
  });

  test('an https request gets HSTS and Secure cookies; its pages must come from the https origin', async ({
    request,
  }) => {
    const https = { 'x-forwarded-proto': 'https' };
    const page = await request.get(`${proxied}/`, { headers: https });
    expect(page.headers()['strict-transport-security']).toBe('max-age=31536000');
    expect((await request.get(`${proxied}/`)).headers()['strict-transport-security']).toBeUndefined();

    const form = { intent: 'add', catalogItemId: await anyItemId(request), qty: '1' };
    const httpsOrigin = proxied.replace('http:', 'https:');
    const added = await request.post(`${proxied}/api/cart`, {
      headers: { ...https, origin: httpsOrigin },
      form,
    });
    expect(added.status()).toBe(200);
    expect(added.headers()['set-cookie']).toMatch(/^sf_guest_cart=.*; Secure$/);
    // The browser is on the https page: the http origin is another one.
    const fromHttp = await request.post(`${proxied}/api/cart`, {
      headers: { ...https, origin: proxied },
      form,
    });
    expect(fromHttp.status()).toBe(403);
  });
});

test.describe('cross-site requests', () => {
  test("a form on another site cannot replace a guest's cart cookie", async ({ page, baseURL }) => {
    const itemId = await anyItemId(page.request);
    const own = await page.request.post('/api/cart', {
      form: { intent: 'add', catalogItemId: itemId, qty: '1' },
    });
    expect(own.status()).toBe(200);
    const before = await guestCartCookie(page);
    expect(before).toBeDefined();

    await openAttackerPage(
      page,
      `<form method="post" action="${baseURL}/api/cart">
        <input name="intent" value="add"><input name="catalogItemId" value="${itemId}"><input name="qty" value="1">
        <button>Win a prize</button>
      </form>`,
    );
    const [answer] = await Promise.all([
      page.waitForResponse(`${baseURL}/api/cart`),
      page.getByRole('button', { name: 'Win a prize' }).click(),
    ]);
    expect(answer.status()).toBe(403);
    expect(await answer.json()).toEqual({ message: CROSS_SITE_MESSAGE });
    expect(await guestCartCookie(page)).toBe(before);
  });

  test('every state-changing web request must come from this origin', async ({ request, baseURL }) => {
    const form = { intent: 'add', catalogItemId: await anyItemId(request), qty: '1' };
    const refused: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { origin: (baseURL ?? '').replace('localhost', '127.0.0.1') },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: baseURL ?? '', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of refused) {
      for (const path of ['/api/cart', '/login', '/guidance', '/cart']) {
        const response = await request.post(path, { headers, form });
        expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(await response.json()).toEqual({ message: CROSS_SITE_MESSAGE });
      }
    }
    // This origin's pages, and clients that are no browser (no Origin, no Fetch Metadata), go through.
    const allowed: Record<string, string>[] = [
      { origin: baseURL ?? '', 'sec-fetch-site': 'same-origin' },
      {},
    ];
    for (const headers of allowed) {
      expect((await request.post('/api/cart', { headers, form })).status()).toBe(200);
    }
  });

  test('a link to /login?signOut=1 no longer signs anyone out; the Sign out button does', async ({
    page,
    baseURL,
  }) => {
    await signIn.byCookie(page, 'buyer@halvorsen.example');
    await page.goto('/');
    await signIn.expectSignedInAs(page, 'buyer@halvorsen.example');

    await openAttackerPage(page, `<a href="${baseURL}/login?signOut=1">Free samples</a>`);
    await page.getByRole('link', { name: 'Free samples' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await signIn.expectSignedInAs(page, 'buyer@halvorsen.example');

    await signIn.signOut(page);
    await signIn.expectGuest(page);
  });
});

test('sign-in never leaves the storefront for a redirect a browser reads as another host', async ({
  page,
  baseURL,
}) => {
  // The browser drops the tab, so a text check sees '/<tab>/evil.example/' where the browser goes to //evil.example/.
  await page.goto('/login?redirect=%2F%09%2Fevil.example%2F');
  await signIn.as(page, 'buyer@halvorsen.example');
  await expect(page).toHaveURL(`${baseURL}/`);
  await signIn.expectSignedInAs(page, 'buyer@halvorsen.example');
});

test.describe('request body limit', () => {
  const tooLarge = 'x'.repeat(65 * 1024);
  const message = 'Request body too large: this storefront accepts at most 64 KB.';

  test('a body beyond 64 KB is refused with 413 and a message', async ({ request }) => {
    const cart = await request.post('/api/cart', { form: { intent: 'add', note: tooLarge } });
    expect(cart.status()).toBe(413);
    expect(await cart.json()).toEqual({ message });
    const domain = await request.post('/api/domain', { data: { hostname: tooLarge } });
    expect(domain.status()).toBe(413);
    expect(await domain.json()).toEqual({ message });
  });

  test('a chunked body without Content-Length is refused too', async ({ baseURL }) => {
    for (const path of ['/api/cart', '/api/domain']) {
      const chunks = [tooLarge.slice(0, 40 * 1024), tooLarge.slice(40 * 1024)];
      // A stream body is sent chunked: no Content-Length tells its size in advance.
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const chunk = chunks.shift();
          if (chunk === undefined) controller.close();
          else controller.enqueue(new TextEncoder().encode(chunk));
        },
      });
      const response = await fetch(`${baseURL}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(response.status, path).toBe(413);
      expect(await response.json()).toEqual({ message });
    }
  });
});
