import { type MetaDescriptor, Outlet, type ShouldRevalidateFunction } from 'react-router';
import { loadAccountChrome } from '../../blocks/page.server';
import { TemplatePage } from '../../blocks/TemplatePage';
import type { Route } from './+types/layout';
import styles from './ordering.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

/**
 * Ordering tools (quick order, configure-price-quote): signed-in buyers only, since what they add goes into
 * the buyer's own cart at the account's prices; shown in the storefront's header and footer.
 */
export async function loader(args: Route.LoaderArgs) {
  return { chrome: (await loadAccountChrome(args)).chrome };
}

/** The header and footer do not change with a price check or a file read; leaving for the cart reloads them. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = (): MetaDescriptor[] => [{ name: 'robots', content: 'noindex' }];

export default function OrderingLayout({ loaderData }: Route.ComponentProps) {
  return (
    <TemplatePage data={loaderData.chrome}>
      <div className="ordering">
        <Outlet />
      </div>
    </TemplatePage>
  );
}
