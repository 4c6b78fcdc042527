import { loadTemplatePage } from '../blocks/page.server';
import { TemplatePage } from '../blocks/TemplatePage';
import { metaDescriptors } from '../lib/meta';
import type { Route } from './+types/template-page';

export function loader(args: Route.LoaderArgs) {
  return loadTemplatePage(args);
}

/** Errors are rendered by the root boundary, whose meta titles them. */
export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? metaDescriptors(loaderData.head) : [];

export default function TemplatePageRoute({ loaderData }: Route.ComponentProps) {
  return <TemplatePage data={loaderData} />;
}
