import authStyles from '../../features/auth/auth.css?url';
import { ProfileSettings } from '../../features/profile/ProfileSettings';
import profileStyles from '../../features/profile/profile.css?url';
import { authSettings } from '../../lib/auth-settings';
import { serverContext } from '../../lib/load-context';
import { requireAccountSession, signInRedirect } from '../../lib/storefront.server';
import type { Route } from './+types/profile';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: authStyles },
  { rel: 'stylesheet', href: profileStyles },
];

/** The signed-in user's profile and security settings (issue 12); only the pool's public ids go to the page. */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  if (!session.auth.signedIn) throw signInRedirect(session.url);
  return {
    settings: authSettings(session.storefront, serverContext(args.context).gatewayApiKey),
    username: session.auth.username,
    storefrontName: session.storefront.storefrontName,
  };
}

/** The area's own meta (noindex) and the page's title. */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...(matches.find((match) => match?.id === 'billing')?.meta ?? []),
  { title: loaderData ? `Profile and security | ${loaderData.storefrontName}` : 'Profile and security' },
];

export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  return <ProfileSettings settings={loaderData.settings} username={loaderData.username} />;
}
