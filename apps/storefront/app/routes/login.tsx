import { data } from 'react-router';
import { AuthLayout } from '../features/auth/AuthLayout';
import authStyles from '../features/auth/auth.css?url';
import { LoginFlow } from '../features/auth/LoginFlow';
import { authSettings } from '../lib/auth-settings';
import { readForm } from '../lib/form.server';
import { serverContext } from '../lib/load-context';
import { EXPIRED_PARAM, returnPath, SIGN_OUT_INTENT, SIGN_UP_PARAM } from '../lib/paths';
import { readSession } from '../lib/session.server';
import { brandOf, requireDomain } from '../lib/storefront.server';
import type { Route } from './+types/login';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: authStyles }];

/**
 * Sign-in is open to everyone, also on an authenticated-only storefront. What the page starts with: the
 * page to return to, a session to refresh or clear, a hosted-login return to complete.
 */
export async function loader(args: Route.LoaderArgs) {
  const storefront = await requireDomain(args);
  const session = readSession(args.request, storefront.clientId);
  const query = args.url.searchParams;
  return {
    ...brandOf(storefront),
    settings: authSettings(storefront, serverContext(args.context).gatewayApiKey),
    redirect: returnPath(query.get('redirect'), args.url.origin),
    expired: query.has(EXPIRED_PARAM),
    signUp: query.has(SIGN_UP_PARAM),
    hostedLoginReturn: query.has('code'),
    hasSession: session.signedIn || session.expired,
  };
}

/** Signing out: the page clears the session in the browser, where the tokens are (spec P§4). */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get('intent') !== SIGN_OUT_INTENT)
    throw data({ message: 'Unknown sign-in action.' }, { status: 400 });
  return { signOut: true };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Sign in | ${loaderData.storefrontName}` : 'Sign in' },
  { name: 'robots', content: 'noindex' },
];

export default function LoginRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { storefrontName, logoUrl, ...start } = loaderData;
  return (
    <AuthLayout storefrontName={storefrontName} logoUrl={logoUrl}>
      <LoginFlow
        {...start}
        signOut={actionData?.signOut === true}
        leave={(url) => window.location.assign(url)}
      />
    </AuthLayout>
  );
}
