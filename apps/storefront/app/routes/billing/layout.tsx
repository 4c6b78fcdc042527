import { MANAGER_USER_TYPE } from '@storefront/contracts/constants';
import { type MetaDescriptor, Outlet, redirect } from 'react-router';
import { loadAccountChrome } from '../../blocks/page.server';
import { TemplatePage } from '../../blocks/TemplatePage';
import { AccountNav } from '../../components/AccountNav';
import type { Route } from './+types/layout';
import areaStyles from './account-area.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: areaStyles }];

/**
 * The account area, /billing/* (spec P§2): signed-in users only (a visitor goes to /login and back), in
 * the storefront's header and footer, with the area's navigation beside the page.
 */
export async function loader(args: Route.LoaderArgs) {
  const { session, chrome } = await loadAccountChrome(args);
  // /billing itself has no page of its own: the account's overview is its first page.
  if (session.url.pathname.replace(/\/$/, '') === '/billing') throw redirect('/billing/account');
  return { chrome, isManager: session.viewer.userType === MANAGER_USER_TYPE };
}

/** The area's pages are a customer's own: never indexed. Each page adds its title. */
export const meta: Route.MetaFunction = (): MetaDescriptor[] => [{ name: 'robots', content: 'noindex' }];

export default function AccountAreaLayout({ loaderData }: Route.ComponentProps) {
  const { chrome, isManager } = loaderData;
  return (
    <TemplatePage data={chrome}>
      <div className="account-area">
        <AccountNav isManager={isManager} />
        <div className="account-area__page">
          <Outlet />
        </div>
      </div>
    </TemplatePage>
  );
}
