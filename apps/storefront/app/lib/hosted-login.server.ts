/** Query parameters a SAML identity provider leaves behind; they are removed from the URL (spec P§2). */
const SAML_PARAMS = ['SAMLResponse', 'RelayState'] as const;

/**
 * Where a hosted-login return goes before the page renders, or null for an ordinary page. The authorization
 * `code` on / goes to the sign-in page, which checks the state and exchanges it (the PKCE verifier is in the
 * browser); SAML parameters are dropped from the URL.
 */
export function hostedLoginRedirect(url: URL): string | null {
  if (url.pathname === '/' && url.searchParams.has('code')) return `/login${url.search}`;
  if (!SAML_PARAMS.some((name) => url.searchParams.has(name))) return null;
  const query = new URLSearchParams(url.search);
  for (const name of SAML_PARAMS) query.delete(name);
  const search = query.toString();
  return `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}
