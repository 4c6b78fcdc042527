import { AuthLayout } from '../features/auth/AuthLayout';
import authStyles from '../features/auth/auth.css?url';
import { ChangePasswordForm } from '../features/auth/ChangePasswordForm';
import { authSettings } from '../lib/auth-settings';
import { serverContext } from '../lib/load-context';
import { brandOf, requireSession, signInRedirect } from '../lib/storefront.server';
import type { Route } from './+types/change-password';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: authStyles }];

/** Signed-in users only: anyone else signs in first and comes back here. */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  if (!session.auth.signedIn) throw signInRedirect(session.url);
  return {
    ...brandOf(session.storefront),
    settings: authSettings(session.storefront, serverContext(args.context).gatewayApiKey),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Change password | ${loaderData.storefrontName}` : 'Change password' },
  { name: 'robots', content: 'noindex' },
];

export default function ChangePasswordRoute({ loaderData }: Route.ComponentProps) {
  return (
    <AuthLayout storefrontName={loaderData.storefrontName} logoUrl={loaderData.logoUrl}>
      <ChangePasswordForm settings={loaderData.settings} />
    </AuthLayout>
  );
}
