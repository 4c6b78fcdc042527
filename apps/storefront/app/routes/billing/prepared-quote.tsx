import { Form, Link, redirect, useNavigation } from 'react-router';
import { Fact, RecordSection } from '../../features/requests/RecordParts';
import { PreparedQuoteMeta } from '../../features/sales-quotes/PreparedQuoteSummary';
import { reviewPreparedQuote, takePreparedQuote } from '../../features/sales-quotes/sales-quotes.server';
import { formatMoney } from '../../lib/format';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/prepared-quote';
import styles from './prepared-quote.css?url';
import recordStyles from './requests.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: recordStyles },
  { rel: 'stylesheet', href: styles },
];
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.quote.number}: ${loaderData.quote.title}` : 'Quote' },
];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  return reviewPreparedQuote(session, args.params.quoteId);
}

/** "Use this quote as my cart": the cart page shows it at once; a refusal is told on this page. */
export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const taken = await takePreparedQuote(session, args.params.quoteId);
  if (taken.ok) throw redirect('/cart');
  return taken;
}

export default function PreparedQuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, lines } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const takeable = quote.status === 'Open' && !quote.expired;
  return (
    <article className="records prepared-quote" aria-labelledby="prepared-quote-heading">
      <p>
        <Link to="/billing/quotes">All quotes from your account manager</Link>
      </p>
      <h1 id="prepared-quote-heading">
        {quote.number}: {quote.title}
      </h1>
      <PreparedQuoteMeta quote={quote} />
      <dl className="record-facts">
        <Fact term="Prepared by" wide>
          {quote.preparedBy}, <a href={`mailto:${quote.preparedByEmail}`}>{quote.preparedByEmail}</a>
        </Fact>
        {quote.note && (
          <Fact term="Note" wide>
            {quote.note}
          </Fact>
        )}
      </dl>
      <RecordSection id="lines-heading" title="Lines">
        <div className="prepared-quote__table-wrap">
          <table className="prepared-quote__table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Quantity</th>
                <th scope="col">List price</th>
                <th scope="col">Agreed price</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id}>
                  <th scope="row">
                    <span className="prepared-quote__name">{line.name}</span>
                    <span className="prepared-quote__sku">
                      {line.sku} · {line.unit}
                    </span>
                    {line.note && <span className="prepared-quote__note">{line.note}</span>}
                  </th>
                  <td data-label="Quantity">{line.qty}</td>
                  <td data-label="List price">{formatMoney(line.listPrice, quote.currency)}</td>
                  <td data-label="Agreed price">{formatMoney(line.unitPrice, quote.currency)}</td>
                  <td data-label="Total">{formatMoney(line.lineTotal, quote.currency)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  Subtotal
                </th>
                <td>{formatMoney(quote.subtotal, quote.currency)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <p className="field-help">Shipping and tax are worked out at checkout.</p>
      </RecordSection>
      {actionData && !actionData.ok && (
        <p role="alert" className="records__problem">
          {actionData.message}
        </p>
      )}
      {takeable ? (
        <Form method="post" className="prepared-quote__take">
          <p>
            Your current cart is kept: you find it under Earlier carts on the cart page. A quote can be used
            as a cart once.
          </p>
          <button type="submit" className="button" disabled={busy}>
            Use this quote as my cart
          </button>
        </Form>
      ) : (
        <p className="prepared-quote__closed">
          {quote.status === 'Taken'
            ? 'This quote has been used as a cart.'
            : `This quote can no longer be used; ask ${quote.preparedBy} for a new one.`}
        </p>
      )}
    </article>
  );
}
