import { type MetaDescriptor, Outlet } from 'react-router';
import { loadAccountChrome } from '../../blocks/page.server';
import { TemplatePage } from '../../blocks/TemplatePage';
import type { Route } from './+types/layout';

/**
 * E-learning, /elearning: courses for the instruments the account owns, so a signed-in user's page (a visitor
 * goes to /login and back), in the storefront's header and footer.
 */
export async function loader(args: Route.LoaderArgs) {
  return { chrome: (await loadAccountChrome(args)).chrome };
}

export const meta: Route.MetaFunction = (): MetaDescriptor[] => [{ name: 'robots', content: 'noindex' }];

export default function ElearningLayout({ loaderData }: Route.ComponentProps) {
  return (
    <TemplatePage data={loaderData.chrome}>
      <div className="elearning">
        <Outlet />
      </div>
    </TemplatePage>
  );
}
