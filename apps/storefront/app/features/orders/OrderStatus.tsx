import { ORDER_STATUS_LABELS, type OrderStatus } from '@storefront/contracts/order-life';

/** A status as the buyer reads it (never colour alone), styled by its kind. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`status-pill order-status order-status--${status}`}>{ORDER_STATUS_LABELS[status]}</span>
  );
}
