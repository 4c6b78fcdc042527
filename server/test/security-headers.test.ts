import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { documentPolicy, newCspNonce, securityHeaders } from '../src/security-headers';

describe('securityHeaders', () => {
  const app = new Hono();
  app.use(securityHeaders(false));
  app.get('/json', (c) => c.json({ status: 'ok' }));
  app.get('/own-policy', (c) =>
    c.text('framed by us only', 200, { 'Content-Security-Policy': "default-src 'self'" }),
  );
  // A response whose headers cannot change, as fetch and Response.redirect return them.
  app.get('/moved', () => Response.redirect('http://localhost/json', 302));

  it('puts its headers on every answer, whether its headers can change or not, and keeps its body', async () => {
    for (const path of ['/json', '/moved']) {
      const response = await app.request(`http://localhost${path}`);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('content-security-policy'), path).toBe("frame-ancestors 'none'");
      expect(response.headers.has('strict-transport-security'), path).toBe(false);
    }
    const json = await app.request('http://localhost/json');
    expect(await json.json()).toEqual({ status: 'ok' });
    expect((await app.request('http://localhost/moved')).headers.get('location')).toBe(
      'http://localhost/json',
    );
  });

  it("keeps a part's own policy, and asks for https once a response came over it", async () => {
    const own = await app.request('http://localhost/own-policy');
    expect(own.headers.get('content-security-policy')).toBe("default-src 'self'");
    const overHttps = await app.request('https://localhost/json');
    expect(overHttps.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });
});

describe('newCspNonce', () => {
  it('gives 128 random bits in base64, never the same twice, also past a draw of the generator', () => {
    const nonces = Array.from({ length: 1_000 }, () => newCspNonce());
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});

describe('documentPolicy', () => {
  const rest =
    "img-src 'self' data: https:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

  it("names the page's inline scripts and the storefront's resources domain, whatever it was asked for before", () => {
    for (let round = 0; round < 2; round++) {
      expect(documentPolicy(["'nonce-abc'"], undefined)).toBe(
        `default-src 'self'; script-src 'self' 'nonce-abc'; style-src 'self' 'unsafe-inline'; font-src 'self' data:; ${rest}`,
      );
      expect(documentPolicy(["'sha256-a'", "'sha256-b'"], ' https://cdn.example.com/ ')).toBe(
        "default-src 'self'; script-src 'self' 'sha256-a' 'sha256-b' https://cdn.example.com; " +
          `style-src 'self' 'unsafe-inline' https://cdn.example.com; font-src 'self' data: https://cdn.example.com; ${rest}`,
      );
      expect(documentPolicy([], 'cdn.example.com:8443')).toBe(
        "default-src 'self'; script-src 'self' https://cdn.example.com:8443; " +
          `style-src 'self' 'unsafe-inline' https://cdn.example.com:8443; font-src 'self' data: https://cdn.example.com:8443; ${rest}`,
      );
    }
  });

  it('leaves out a resources domain that is not a host, which could end a directive', () => {
    expect(documentPolicy(["'nonce-abc'"], 'evil.example; script-src *')).toBe(
      `default-src 'self'; script-src 'self' 'nonce-abc'; style-src 'self' 'unsafe-inline'; font-src 'self' data:; ${rest}`,
    );
  });
});
