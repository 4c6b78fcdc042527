type FetchHandler = (request: Request) => Response | Promise<Response>;

/**
 * How the embedded payment provider posts its result to the CRM: only to the CRM's own address, with the
 * service token the CRM's contract requires (the result's HMAC signature is what proves it came from the
 * provider). Any other callback URL is refused, so the token never leaves for another host.
 */
export function crmCallbackFetch(crmBase: string, token: string, fetch: FetchHandler) {
  const prefix = `${crmBase.replace(/\/+$/, '')}/`;
  return async (request: Request): Promise<Response> => {
    if (!request.url.startsWith(prefix)) {
      throw new Error(`payment callback refused: ${new URL(request.url).origin} is not the CRM`);
    }
    const headers = new Headers(request.headers);
    headers.set('authorization', `Bearer ${token}`);
    return fetch(new Request(request, { headers }));
  };
}
