import { SHAREABLE_PAGE_HEADER } from '@storefront/contracts/constants';
import { data, type HeadersArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { loadTemplatePage, shareablePage } from '../blocks/page.server';
import { loadBlockCode } from '../blocks/registry';
import { TemplatePage } from '../blocks/TemplatePage';
import { isQuietWrite } from '../features/checkout/checkout-actions';
import { metaDescriptors } from '../lib/meta';
import { reloadOrThrow } from '../lib/reload-guard';
import type { Route } from './+types/template-page';

/**
 * A guest's page is the same for every guest without cookies, and a page rendered for a price context the same
 * for every viewer of it, unless a block on it is a viewer's own: the server may keep either for the next one.
 */
export async function loader(args: Route.LoaderArgs) {
  const page = await loadTemplatePage(args);
  return data(page, { headers: { [SHAREABLE_PAGE_HEADER]: String(shareablePage(page, args.context)) } });
}

/**
 * In the browser, a navigation to another page also loads the code of that page's blocks before it shows.
 * Code that is gone (a new version was deployed since this page loaded) loads the page as a new document, once.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const page = await serverLoader();
  try {
    await loadBlockCode(page.sections);
  } catch (error) {
    const url = new URL(request.url);
    return reloadOrThrow(error, url.pathname + url.search);
  }
  return page;
}

export function headers({ loaderHeaders }: HeadersArgs) {
  return loaderHeaders;
}

/** Some checkout writes answer only their own block (the tax poll, file chunks): the page need not reload. */
export function shouldRevalidate({
  formAction,
  formData,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return isQuietWrite(formAction, formData, actionResult) ? false : defaultShouldRevalidate;
}

/** Errors are rendered by the root boundary, whose meta titles them. */
export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? metaDescriptors(loaderData.head) : [];

export default function TemplatePageRoute({ loaderData }: Route.ComponentProps) {
  return <TemplatePage data={loaderData} />;
}
