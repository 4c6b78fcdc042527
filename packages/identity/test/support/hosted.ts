import { createHash, randomBytes } from 'node:crypto';

/** A browser's visit to the hosted pages: it keeps the cookies and reads the forms' fields. */
export class HostedBrowser {
  private cookies = new Map<string, string>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0)
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      this.cookies.set(name, value);
    }
    return response;
  }

  /** Submits the page's form with its hidden fields and the given ones. */
  async submit(page: string, fields: Record<string, string>): Promise<Response> {
    const action = decode(/<form method="post" action="([^"]+)"/.exec(page)?.[1] ?? '');
    const hidden = Object.fromEntries(
      [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1] ?? '',
        decode(m[2] ?? ''),
      ]),
    );
    return this.request(action, { method: 'POST', body: new URLSearchParams({ ...hidden, ...fields }) });
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
