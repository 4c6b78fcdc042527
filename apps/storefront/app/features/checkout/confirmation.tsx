import { orderPagePath } from '@storefront/contracts/crm-orders';
import { fileDownloadPath } from '@storefront/contracts/crm-purchase-orders';
import { reorderPath } from '@storefront/contracts/crm-reorder';
import { useEffect } from 'react';
import { data, Link } from 'react-router';
import { crmCall } from '../../lib/crm.server';
import { formatDiscount, formatMoment, formatMoney } from '../../lib/format';
import { GatewayCallError } from '../../lib/gateway';
import { brandOf, requireSession } from '../../lib/storefront.server';
import { forgetOrderedQuote } from '../cart/quote-storage';
import type { Route } from './+types/confirmation';

/**
 * The order's confirmation (spec C§4): read back from the CRM for the order's own account (a guest: with
 * their cart's secret), so another account's order number shows nothing but the refusal.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  try {
    const order = await crmCall(session, 'getOrderConfirmation', {
      storefrontId: session.storefront.storefrontId,
      accountId: session.viewer.accountId,
      orderNumber: args.params.orderNumber,
    });
    // A guest's order cannot be reordered: the guest account's orders are nobody's to see again.
    return { ...brandOf(session.storefront), order, canReorder: !session.viewer.isGuest };
  } catch (error) {
    if (!(error instanceof GatewayCallError)) throw error;
    // A malformed order number is no order at all.
    const status = error.status === 400 ? 404 : error.status;
    throw data(status === 404 ? 'There is no such order.' : error.message, { status });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `Order ${loaderData.order.orderNumber} | ${loaderData.storefrontName}`
      : 'Order confirmation',
  },
  { name: 'robots', content: 'noindex' },
];

export default function OrderConfirmationRoute({ loaderData }: Route.ComponentProps) {
  const { order, storefrontName, logoUrl, canReorder } = loaderData;
  const money = (amount: number) => formatMoney(amount, order.currency);
  // The checkout is over: the browser's copy of the cart goes (C§4).
  useEffect(() => forgetOrderedQuote(order.quoteId), [order.quoteId]);
  return (
    <main id="main" className="order-confirmation">
      <Link to="/" className="brand-link">
        <img src={logoUrl} alt="" width={40} height={40} />
        <span>{storefrontName}</span>
      </Link>
      <h1>Thank you for your order</h1>
      <p>
        Your order number is <strong data-testid="order-number">{order.orderNumber}</strong>, placed{' '}
        {formatMoment(order.placedAt)}.
      </p>
      {order.poNumber ? <p className="order-confirmation__po">PO number: {order.poNumber}.</p> : null}
      <section aria-labelledby="order-delivery-heading">
        <h2 id="order-delivery-heading">Delivery and payment</h2>
        <dl className="order-details" data-testid="order-delivery">
          {order.shipTo.length > 0 && (
            <div>
              <dt>Ship to</dt>
              <dd>{order.shipTo.join('\n')}</dd>
            </div>
          )}
          {order.shippingMethod && (
            <div>
              <dt>Shipping method</dt>
              <dd>{order.shippingMethod}</dd>
            </div>
          )}
          <div>
            <dt>Payment terms</dt>
            <dd>{order.paymentTerms}</dd>
          </div>
        </dl>
      </section>
      {order.details.length > 0 && (
        <section aria-labelledby="order-details-heading">
          <h2 id="order-details-heading">Order details</h2>
          <dl className="order-details">
            {order.details.map((detail) => (
              <div key={detail.label}>
                <dt>{detail.label}</dt>
                <dd>{detail.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <table>
        <caption>What you ordered</caption>
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col">Product</th>
            <th scope="col">Quantity</th>
            <th scope="col">Unit price</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.sku}>
              <td data-label="SKU">{line.sku}</td>
              <td data-label="Product">{line.name}</td>
              <td data-label="Quantity">{line.qty}</td>
              <td data-label="Unit price">{money(line.unitPrice)}</td>
              <td data-label="Total">{money(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="order-totals">
        <dt>Subtotal</dt>
        <dd>{money(order.subtotal)}</dd>
        {order.discount > 0 && (
          <>
            <dt>Discount</dt>
            <dd data-testid="order-discount">{formatDiscount(order.discount, order.currency)}</dd>
          </>
        )}
        <dt>Shipping</dt>
        <dd>{money(order.shipping)}</dd>
        <dt>Surcharge</dt>
        <dd>{money(order.surcharge)}</dd>
        <dt>Tax</dt>
        <dd>{money(order.tax)}</dd>
        <dt>Total</dt>
        <dd>{money(order.total)}</dd>
      </dl>
      {order.pdf ? (
        <p>
          <a href={fileDownloadPath(order.pdf.cvId)} download={order.pdf.fileName}>
            Download your order ({order.pdf.fileName})
          </a>
        </p>
      ) : null}
      <p className="order-confirmation__next">
        {/* Its status, shipments and tracking as the supplier reports them (issue 32). */}
        <Link to={orderPagePath(order.orderNumber)} className="button">
          Track this order
        </Link>
        {/* The same lines again later, at that day's prices (docs/decisions/0061-reorder.md). */}
        {canReorder && (
          <Link to={reorderPath(order.orderNumber)} className="button button--secondary">
            Reorder
          </Link>
        )}
        <Link to="/" className="button button--secondary">
          Continue shopping
        </Link>
      </p>
    </main>
  );
}
