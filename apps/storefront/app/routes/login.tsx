import { AuthLayout } from '../features/auth/AuthLayout';
import authStyles from '../features/auth/auth.css?url';
import { LoginFlow } from '../features/auth/LoginFlow';
import { authSettings } from '../lib/auth-settings';
import { EXPIRED_PARAM, returnPath, SIGN_OUT_PARAM } from '../lib/paths';
import { readSession } from '../lib/session.server';
import { brandOf, requireDomain } from '../lib/storefront.server';
import type { Route } from './+types/login';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: authStyles }];

/**
 * Sign-in is open to everyone, also on an authenticated-only storefront. What the page starts with: the
 * page to return to, a session to refresh or clear, a hosted-login return to complete, a sign-out.
 */
export async function loader(args: Route.LoaderArgs) {
  const storefront = await requireDomain(args);
  const session = readSession(args.request, storefront.clientId);
  const query = args.url.searchParams;
  return {
    ...brandOf(storefront),
    settings: authSettings(storefront, args.context.gatewayApiKey),
    redirect: returnPath(query.get('redirect')),
    expired: query.has(EXPIRED_PARAM),
    hostedLoginReturn: query.has('code'),
    signOut: query.has(SIGN_OUT_PARAM),
    hasSession: session.signedIn || session.expired,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Sign in | ${loaderData.storefrontName}` : 'Sign in' },
  { name: 'robots', content: 'noindex' },
];

export default function LoginRoute({ loaderData }: Route.ComponentProps) {
  const { storefrontName, logoUrl, ...start } = loaderData;
  return (
    <AuthLayout storefrontName={storefrontName} logoUrl={logoUrl}>
      <LoginFlow {...start} leave={(url) => window.location.assign(url)} />
    </AuthLayout>
  );
}
