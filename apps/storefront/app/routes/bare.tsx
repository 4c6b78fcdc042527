import type { Route } from './+types/bare';

/** Not a page for people: kept out of search results. */
export const meta: Route.MetaFunction = () => [
  { title: 'Bare page' },
  { name: 'robots', content: 'noindex' },
];

/** The benchmarks' reference: the same document, router and server as every page, and no data. */
export default function BarePage() {
  return <p>This page has no data.</p>;
}
