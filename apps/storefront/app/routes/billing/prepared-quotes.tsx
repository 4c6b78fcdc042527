import { Link } from 'react-router';
import { PreparedQuoteMeta } from '../../features/sales-quotes/PreparedQuoteSummary';
import { openPreparedQuotes } from '../../features/sales-quotes/sales-quotes.server';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/prepared-quotes';
import styles from './requests.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];
export const meta: Route.MetaFunction = () => [{ title: 'Quotes from your account manager' }];

/** The quotes sales prepared for the account that can still be taken, the soonest to expire first. */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  return { quotes: await openPreparedQuotes(session) };
}

export default function PreparedQuotesPage({ loaderData }: Route.ComponentProps) {
  const { quotes } = loaderData;
  return (
    <section className="records" aria-labelledby="prepared-quotes-heading">
      <h1 id="prepared-quotes-heading">Quotes from your account manager</h1>
      <p>
        Quotes prepared for your account at agreed prices. Review one line by line, then use it as your cart
        to check out.
      </p>
      {quotes.length === 0 ? (
        <p>There are no open quotes for your account.</p>
      ) : (
        <ul className="record-list">
          {quotes.map((quote) => (
            <li key={quote.id}>
              <Link to={`/billing/quotes/${quote.id}`} className="record-list__title">
                {quote.number}: {quote.title}
              </Link>
              <PreparedQuoteMeta quote={quote} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
