import { redirect } from 'react-router';
import type { Route } from './+types/sign-on';

/** /signon/, where the old site's sign-in pages moved (spec P§2's legacy targets), is the sign-in page. */
export function loader({ url }: Route.LoaderArgs) {
  return redirect(`/login${url.search}`, 301);
}
