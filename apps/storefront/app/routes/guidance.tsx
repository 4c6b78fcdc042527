import { Form, redirect } from 'react-router';
import { loadTemplatePage } from '../blocks/page.server';
import { TemplatePage } from '../blocks/TemplatePage';
import { readForm } from '../lib/form.server';
import { guidanceDoneCookie, guidanceNext } from '../lib/guidance.server';
import { serverContext } from '../lib/load-context';
import { metaDescriptors } from '../lib/meta';
import { requireSession } from '../lib/storefront.server';
import type { Route } from './+types/guidance';

/** The guidance template (spec P§2), and where completing it leads: the cart path that sent the user here. */
export async function loader(args: Route.LoaderArgs) {
  const page = await loadTemplatePage(args);
  return { page, next: guidanceNext(args.url.searchParams.get('redirect'), args.url.origin) };
}

/** Completing the guidance is remembered for this user, so cart paths no longer stop here. */
export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const next = guidanceNext(String((await readForm(args.request)).get('next') ?? ''), args.url.origin);
  if (!session.auth.signedIn) return redirect(next);
  return redirect(next, {
    headers: {
      'set-cookie': guidanceDoneCookie(session.auth.username, serverContext(args.context).overHttps),
    },
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? metaDescriptors(loaderData.page.head) : [];

export default function GuidanceRoute({ loaderData }: Route.ComponentProps) {
  return (
    <TemplatePage data={loaderData.page}>
      <Form method="post" className="guidance-complete">
        <input type="hidden" name="next" value={loaderData.next} />
        <button type="submit" className="button">
          Continue to your cart
        </button>
      </Form>
    </TemplatePage>
  );
}
