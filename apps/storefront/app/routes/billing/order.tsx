import { type OrderDetail, orderPagePath } from '@storefront/contracts/crm-orders';
import { reorderPath } from '@storefront/contracts/crm-reorder';
import type { Shipment } from '@storefront/contracts/order-life';
import { useEffect, useRef } from 'react';
import {
  data,
  Form,
  Link,
  type MetaDescriptor,
  type ShouldRevalidateFunction,
  useNavigation,
} from 'react-router';
import { z } from 'zod';
import { Total } from '../../components/Total';
import { OrderStatusBadge } from '../../features/orders/OrderStatus';
import { cancelOrder, loadOrder } from '../../features/orders/orders.server';
import { ORDERS_PATH } from '../../features/orders/paths';
import { Fact, RecordSection } from '../../features/requests/RecordParts';
import { ownRecord } from '../../features/requests/requests.server';
import { AddToList } from '../../features/requisition-lists/AddToList';
import { refusalMessage } from '../../lib/crm-refusal';
import { readForm } from '../../lib/form.server';
import { formatDiscount, formatMoment, formatMoney } from '../../lib/format';
import type { GatewayCallError } from '../../lib/gateway';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/order';
import listStyles from './account-lists.css?url';
import styles from './orders.css?url';
import recordStyles from './requests.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: recordStyles },
  { rel: 'stylesheet', href: listStyles },
  { rel: 'stylesheet', href: styles },
];
export const meta: Route.MetaFunction = ({ loaderData }): MetaDescriptor[] => [
  { title: loaderData ? `Order ${loaderData.order.orderNumber}` : 'Order' },
];

/** `?cancel=confirm`: the page asks whether to cancel, with and without script alike. */
const CONFIRM_CANCEL = { name: 'cancel', value: 'confirm' } as const;
const REASON_MAX = 500;
const cancelForm = z.object({
  intent: z.literal('cancel', 'Choose “Yes, cancel the order”.'),
  reason: z
    .string()
    .trim()
    .max(REASON_MAX, `A reason may be at most ${REASON_MAX} characters.`)
    .transform((reason) => reason || undefined),
});

/**
 * One order of the account with its life since it was placed (issue 32): read from the CRM for the account
 * acted for, so another account's order number is the Authorization Required page and an unknown one 'There is
 * no such order.', never the order.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const order = await ownRecord(() => loadOrder(session, args.params.orderNumber), 'order');
  const asked = session.url.searchParams.get(CONFIRM_CANCEL.name) === CONFIRM_CANCEL.value;
  return { order, confirmingCancel: asked && order.cancellable };
}

/** "Yes, cancel the order": the CRM cancels it while the supplier has not confirmed it, else says why not. */
export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const form = await readForm(args.request);
  const parsed = cancelForm.safeParse({ intent: form.get('intent'), reason: form.get('reason') ?? '' });
  if (!parsed.success) {
    return data({ cancelled: false, problem: parsed.error.issues[0]?.message ?? null }, { status: 400 });
  }
  try {
    await cancelOrder(session, args.params.orderNumber, parsed.data.reason);
    return { cancelled: true, problem: null };
  } catch (error) {
    // A refusal (the supplier confirmed it meanwhile) is said on the page; anything else is thrown on.
    const problem = refusalMessage(error);
    return data({ cancelled: false, problem }, { status: (error as GatewayCallError).status });
  }
}

/**
 * A refused cancellation (an error status, after which React Router keeps the page's data) still reads the order
 * again: what refused it, the supplier's confirmation, shows beside the refusal.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === 'POST' || defaultShouldRevalidate;

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, confirmingCancel } = loaderData;
  const money = (amount: number) => formatMoney(amount, order.currency);
  const names = new Map(order.lines.map((line) => [line.sku, line.name]));
  return (
    <article className="records order" aria-labelledby="order-heading">
      <p>
        <Link to={ORDERS_PATH}>All orders</Link>
      </p>
      <h1 id="order-heading">Order {order.orderNumber}</h1>
      {actionData?.cancelled && (
        <p role="status" className="notice">
          You cancelled this order.
        </p>
      )}
      {actionData?.problem && (
        <p role="alert" className="notice notice--error">
          {actionData.problem}
        </p>
      )}
      <dl className="record-facts">
        <Fact term="Status">
          <OrderStatusBadge status={order.status} />
        </Fact>
        <Fact term="Placed">{formatMoment(order.placedAt)}</Fact>
        <Fact term="Placed by">{order.buyerName}</Fact>
        <Fact term="PO number">{order.poNumber ?? '—'}</Fact>
        {order.costCentre && (
          <Fact term="Cost centre / grant">
            {order.costCentre.code} – {order.costCentre.name}
          </Fact>
        )}
        {order.erpOrderNumber && <Fact term="Supplier’s order number">{order.erpOrderNumber}</Fact>}
        <Fact term="Total">{money(order.total)}</Fact>
        {order.shippingMethod && <Fact term="Shipping method">{order.shippingMethod}</Fact>}
        {order.shipTo.length > 0 && (
          <Fact term="Ship to" wide>
            {order.shipTo.join('\n')}
          </Fact>
        )}
      </dl>
      {confirmingCancel ? (
        <CancelConfirmation orderNumber={order.orderNumber} />
      ) : (
        <p className="order__actions">
          {/* Its lines into the cart again at today's prices (docs/decisions/0061-reorder.md). */}
          <Link to={reorderPath(order.orderNumber)} className="button">
            Reorder
          </Link>
          {order.cancellable && (
            <Link
              to={`?${CONFIRM_CANCEL.name}=${CONFIRM_CANCEL.value}`}
              className="button button--secondary"
              preventScrollReset
            >
              Cancel order
            </Link>
          )}
        </p>
      )}

      <RecordSection id="history-heading" title="Status history">
        <ol className="timeline order-timeline">
          {order.history.map((change) => (
            <li key={`${change.at}-${change.status}`}>
              <OrderStatusBadge status={change.status} />{' '}
              <time dateTime={change.at}>{formatMoment(change.at)}</time>{' '}
              <span className="record-meta">
                by {change.by}
                {change.actor === 'erp' ? ' (supplier)' : ''}
              </span>
              {change.note && <p className="order-timeline__note">{change.note}</p>}
            </li>
          ))}
        </ol>
      </RecordSection>

      <RecordSection id="shipments-heading" title="Shipments">
        {order.shipments.length === 0 ? (
          <p>Nothing has shipped yet.</p>
        ) : (
          <ol className="order-shipments">
            {order.shipments.map((shipment, index) => (
              <ShipmentCard
                key={shipment.shipmentId}
                shipment={shipment}
                number={index + 1}
                productName={(sku) => names.get(sku) ?? sku}
              />
            ))}
          </ol>
        )}
      </RecordSection>

      <RecordSection id="lines-heading" title="Lines">
        <table className="data-table">
          <caption className="visually-hidden">What was ordered and how much of it has shipped</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">Product</th>
              <th scope="col" className="data-table__amount">
                Ordered
              </th>
              <th scope="col" className="data-table__amount">
                Shipped
              </th>
              <th scope="col" className="data-table__amount">
                Unit price
              </th>
              <th scope="col" className="data-table__amount">
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.sku}>
                <th scope="row" data-label="SKU">
                  {line.sku}
                </th>
                <td data-label="Product">{line.name}</td>
                <td data-label="Ordered" className="data-table__amount">
                  {line.qty}
                </td>
                <td data-label="Shipped" className="data-table__amount">
                  {line.shippedQty}
                </td>
                <td data-label="Unit price" className="data-table__amount">
                  {money(line.unitPrice)}
                </td>
                <td data-label="Line total" className="data-table__amount">
                  {money(line.lineTotal)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="add-to-list-row">
          <AddToList
            entries={order.lines.map(({ sku, qty }) => ({ sku, qty }))}
            label="Add lines to a list"
            subject={`order ${order.orderNumber}`}
          />
        </div>
        <dl className="record-totals">
          <Total term="Subtotal" amount={money(order.subtotal)} />
          {order.discount !== 0 && (
            <Total term="Discount" amount={formatDiscount(order.discount, order.currency)} />
          )}
          <Total term="Shipping" amount={money(order.shipping)} />
          <Total term="Tax" amount={money(order.tax)} />
          <Total term="Total" amount={money(order.total)} strong />
        </dl>
      </RecordSection>

      <RecordSection id="documents-heading" title="Documents">
        <Documents documents={order.documents} />
      </RecordSection>
    </article>
  );
}

/** Asked in the page: the order's number, what cancelling means, an optional reason, and the way back. */
function CancelConfirmation({ orderNumber }: { orderNumber: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const busy = useNavigation().state === 'submitting';
  // The "Cancel order" link the buyer followed is gone: the question takes the focus.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Form
      method="post"
      action={orderPagePath(orderNumber)}
      className="order-cancel"
      aria-labelledby="cancel-heading"
    >
      <h2 id="cancel-heading" ref={heading} tabIndex={-1}>
        Cancel order {orderNumber}?
      </h2>
      <p>The supplier will not confirm, ship or invoice it. A cancelled order cannot be placed again.</p>
      <label htmlFor="cancel-reason">Reason (optional)</label>
      <textarea id="cancel-reason" name="reason" maxLength={REASON_MAX} rows={2} />
      <div className="order-cancel__actions">
        <button type="submit" name="intent" value="cancel" className="button" disabled={busy}>
          Yes, cancel the order
        </button>
        <Link to={orderPagePath(orderNumber)} preventScrollReset>
          Keep the order
        </Link>
      </div>
    </Form>
  );
}

/** One shipment: how and when it left, its tracking number as a link to the carrier, and what it holds. */
function ShipmentCard({
  shipment,
  number,
  productName,
}: {
  shipment: Shipment;
  number: number;
  productName: (sku: string) => string;
}) {
  return (
    <li className="order-shipment">
      <h3>Shipment {number}</h3>
      <dl className="record-facts">
        <Fact term="Carrier">{shipment.carrier}</Fact>
        {shipment.service && <Fact term="Service">{shipment.service}</Fact>}
        <Fact term="Shipped">{formatMoment(shipment.shippedAt)}</Fact>
        {/* A row of its own: a tracking number broken across two lines is misread. */}
        <Fact term="Tracking number" wide>
          <TrackingNumber shipment={shipment} />
        </Fact>
      </dl>
      <table className="data-table">
        <caption className="visually-hidden">What shipment {number} holds</caption>
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col">Product</th>
            <th scope="col" className="data-table__amount">
              Quantity
            </th>
            <th scope="col">Lot number</th>
          </tr>
        </thead>
        <tbody>
          {shipment.lines.map((line) => (
            <tr key={`${line.sku}-${line.lotNumber ?? ''}`}>
              <th scope="row" data-label="SKU">
                {line.sku}
              </th>
              <td data-label="Product">{productName(line.sku)}</td>
              <td data-label="Quantity" className="data-table__amount">
                {line.quantity}
              </td>
              <td data-label="Lot number">{line.lotNumber ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </li>
  );
}

/**
 * The carrier's tracking page, named for a screen reader as 'Track shipment 1Z… with UPS'. No referrer: the
 * carrier need not learn the order's address on this site.
 */
function TrackingNumber({ shipment }: { shipment: Shipment }) {
  if (!shipment.trackingUrl) return <>{shipment.trackingNumber}</>;
  return (
    <a href={shipment.trackingUrl} rel="noopener noreferrer" className="order-shipment__tracking">
      <span className="visually-hidden">Track shipment </span>
      {shipment.trackingNumber}
      <span className="visually-hidden"> with {shipment.carrier}</span>
    </a>
  );
}

/** The order's PDF, its invoices and the certificate of analysis of each lot shipped. */
function Documents({ documents }: { documents: OrderDetail['documents'] }) {
  if (documents.length === 0) return <p>No documents yet.</p>;
  return (
    <ul className="order-documents">
      {documents.map((document) => (
        <li key={document.href}>
          <a href={document.href}>{document.label}</a>
        </li>
      ))}
    </ul>
  );
}
