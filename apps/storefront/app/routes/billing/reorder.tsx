import { orderPagePath } from '@storefront/contracts/crm-orders';
import type { ReorderLine, ReorderResult } from '@storefront/contracts/crm-reorder';
import { useEffect, useRef } from 'react';
import { data, Form, Link, type MetaDescriptor, useNavigation } from 'react-router';
import { loadReorder, reorderLines } from '../../features/orders/reorder.server';
import { REORDER_FIELDS, readReorderChoices } from '../../features/orders/reorder-form';
import { ownRecord } from '../../features/requests/requests.server';
import { refusalMessage } from '../../lib/crm-refusal';
import { readForm } from '../../lib/form.server';
import { formatMoney } from '../../lib/format';
import { GatewayCallError } from '../../lib/gateway';
import { CART_PATH } from '../../lib/paths';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/reorder';
import listStyles from './account-lists.css?url';
import styles from './orders.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: listStyles },
  { rel: 'stylesheet', href: styles },
];
export const meta: Route.MetaFunction = ({ loaderData }): MetaDescriptor[] => [
  { title: loaderData ? `Reorder ${loaderData.reorder.orderNumber}` : 'Reorder' },
];

/**
 * Reorder (docs/decisions/0061-reorder.md): the order's lines as the CRM says they can be ordered today for the
 * account acted for, so another account's order is the Authorization Required page and an unknown one 'There
 * is no such order.'
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const reorder = await ownRecord(() => loadReorder(session, args.params.orderNumber), 'order');
  return { reorder };
}

type ReorderAnswer = { ok: true; result: ReorderResult } | { ok: false; problem: string };

/** "Add to cart": the CRM adds the chosen lines at its own prices and says what it could not add. */
export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const choices = readReorderChoices(await readForm(args.request));
  if (!choices.ok) return data<ReorderAnswer>({ ok: false, problem: choices.message }, { status: 400 });
  try {
    const result = await reorderLines(session, args.params.orderNumber, choices.lines);
    return data<ReorderAnswer>({ ok: true, result });
  } catch (error) {
    // Another account's order is refused as its page is: Authorization Required, never a form to retry.
    if (error instanceof GatewayCallError && error.status === 403) {
      throw data({ message: error.message }, { status: 403 });
    }
    return data<ReorderAnswer>({ ok: false, problem: refusalMessage(error) }, { status: 400 });
  }
}

export default function ReorderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { reorder } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const then = (amount: number) => formatMoney(amount, reorder.orderCurrency);
  const now = (amount: number) => formatMoney(amount, reorder.currency);
  const orderable = reorder.lines.some(
    (line) => line.status !== 'unavailable' && (line.status !== 'discontinued' || line.replacement),
  );
  const addedAt = actionData?.ok ? actionData.result.quote.modifiedAt : 'none';
  return (
    <article className="records reorder" aria-labelledby="reorder-heading">
      <p>
        <Link to={orderPagePath(reorder.orderNumber)}>Order {reorder.orderNumber}</Link>
      </p>
      <h1 id="reorder-heading">Reorder {reorder.orderNumber}</h1>
      {actionData?.ok === true && <Added key={addedAt} result={actionData.result} money={now} />}
      {actionData?.ok === false && (
        <p role="alert" className="notice notice--error">
          {actionData.problem}
        </p>
      )}
      <p>
        Choose the lines to add to your cart and their quantities. They go in at today’s prices for your
        account; a price that changed since you ordered is marked.
      </p>
      {/* A new form after each add: what was ticked went in, and ticking again is a choice made anew. */}
      <Form method="post" className="reorder-form" key={addedAt}>
        <table className="data-table reorder-table">
          <caption className="visually-hidden">The order’s lines, as they can be ordered today</caption>
          <thead>
            <tr>
              <th scope="col">Add</th>
              <th scope="col">SKU</th>
              <th scope="col">Product</th>
              <th scope="col" className="data-table__amount">
                Quantity
              </th>
              <th scope="col" className="data-table__amount">
                Ordered at
              </th>
              <th scope="col" className="data-table__amount">
                Today
              </th>
              <th scope="col">Can it be ordered?</th>
            </tr>
          </thead>
          <tbody>
            {reorder.lines.map((line) => (
              <ReorderRow key={line.sku} line={line} then={then} now={now} />
            ))}
          </tbody>
        </table>
        <p className="reorder-form__actions">
          <button type="submit" className="button" disabled={busy || !orderable}>
            Add to cart
          </button>
          <Link to={CART_PATH}>Go to cart</Link>
        </p>
      </Form>
    </article>
  );
}

/**
 * One line of the order: chosen when it can be ordered as it is, with its quantity; a discontinued line offers
 * its replacement (one click, taken at its own price today); a line that cannot be ordered says why.
 */
function ReorderRow({
  line,
  then,
  now,
}: {
  line: ReorderLine;
  then: (amount: number) => string;
  now: (amount: number) => string;
}) {
  const available = line.status === 'available';
  // A line the cart cannot take at this quantity may still go in at a smaller one: chosen, not ticked.
  const choosable = available || line.status === 'quantity';
  const qtyId = `reorder-qty-${line.sku}`;
  return (
    <tr className={available ? undefined : 'reorder-row--problem'}>
      <td data-label="Add">
        {choosable ? (
          <input
            type="checkbox"
            name={REORDER_FIELDS.line}
            value={line.sku}
            defaultChecked={available}
            aria-label={`Add ${line.sku} ${line.name}`}
          />
        ) : (
          <span className="reorder-row__none">—</span>
        )}
      </td>
      <th scope="row" data-label="SKU">
        {line.sku}
      </th>
      <td data-label="Product" className="data-table__wide">
        {line.name}
      </td>
      <td data-label="Quantity" className="data-table__amount">
        {choosable || line.replacement ? (
          <input
            id={qtyId}
            className="reorder-qty"
            name={REORDER_FIELDS.qty(line.sku)}
            type="number"
            inputMode="numeric"
            min={1}
            max={100_000}
            step={1}
            defaultValue={line.qty}
            aria-label={`Quantity of ${line.sku}`}
          />
        ) : (
          line.qty
        )}
      </td>
      <td data-label="Ordered at" className="data-table__amount">
        {then(line.orderedUnitPrice)}
      </td>
      <td data-label="Today" className="data-table__amount">
        {line.today ? (
          <span className={line.priceChanged ? 'reorder-price--changed' : undefined}>
            {now(line.today.unitPrice)}
            {line.priceChanged && <span className="reorder-price__flag">Price changed</span>}
          </span>
        ) : (
          '—'
        )}
      </td>
      <td data-label="Can it be ordered?" className="data-table__wide reorder-row__status">
        {available ? (
          'Yes'
        ) : (
          <div className="reorder-row__why">
            <p>{line.problem}</p>
            {line.replacement && (
              <label className="reorder-row__replacement">
                <input type="checkbox" name={REORDER_FIELDS.replace} value={line.sku} />
                <span>
                  Take the replacement <span className="reorder-sku">{line.replacement.sku},</span>{' '}
                  {line.replacement.name}, at {now(line.replacement.unitPrice)} each
                </span>
              </label>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}

/** What went in (at the cart's prices) and what did not with why, and the way to the cart; focused when shown. */
function Added({ result, money }: { result: ReorderResult; money: (amount: number) => string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="notice reorder-added" aria-labelledby="reorder-added-heading" role="status">
      <h2 id="reorder-added-heading" ref={heading} tabIndex={-1}>
        Added to your cart
      </h2>
      <ul>
        {result.added.map((line) => (
          <li key={line.sku}>
            {line.qty} × {line.sku} {line.name} at {money(line.unitPrice)} each
          </li>
        ))}
      </ul>
      {result.notAdded.length > 0 && (
        <>
          <h3>Not added</h3>
          <ul>
            {result.notAdded.map((line) => (
              <li key={line.sku}>
                {line.sku} {line.name}: {line.problem}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to={CART_PATH} className="button">
          Go to cart
        </Link>
      </p>
    </section>
  );
}
