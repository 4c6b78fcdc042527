import { createHash, randomBytes } from 'node:crypto';

/** A browser's visit to the hosted pages (and a provider's): it keeps cookies and fills in forms. */
export class HostedBrowser {
  private cookies = new Map<string, string>();
  /** The last page fetched, which relative form actions resolve against. */
  private url = '';

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0)
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const split = pair.indexOf('=');
      this.cookies.set(pair.slice(0, split), pair.slice(split + 1));
    }
    this.url = url;
    return response;
  }

  /** Follows redirects until one leads to `stop` (returned unfollowed) or a page answers. */
  async follow(response: Response, stop: (location: URL) => boolean = () => false): Promise<Response> {
    let current = response;
    while (current.status >= 300 && current.status < 400) {
      const location = new URL(current.headers.get('location') ?? '', this.url || undefined);
      if (stop(location)) return current;
      current = await this.request(location.toString());
    }
    return current;
  }

  /** Submits the page's first form with its hidden fields and the given ones. */
  async submit(page: string, fields: Record<string, string>): Promise<Response> {
    const action = decode(/<form[^>]*\saction="([^"]+)"/.exec(page)?.[1] ?? '');
    const hidden = Object.fromEntries(
      [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1] ?? '',
        decode(m[2] ?? ''),
      ]),
    );
    return this.request(new URL(action, this.url || undefined).toString(), {
      method: 'POST',
      body: new URLSearchParams({ ...hidden, ...fields }),
    });
  }
}

function decode(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Trades a hosted-login return (its `code`) for tokens at the token endpoint, as a PKCE client does. */
export async function exchangeCode(
  baseUrl: string,
  client: { clientId: string; redirectUri: string; verifier: string },
  callback: URL,
): Promise<{ id_token: string; access_token: string; refresh_token: string }> {
  const response = await fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: client.clientId,
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: client.redirectUri,
      code_verifier: client.verifier,
    }),
  });
  return response.json();
}
