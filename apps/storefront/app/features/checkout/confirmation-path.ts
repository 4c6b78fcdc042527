/** The confirmation page of an order. */
export function confirmationPath(orderNumber: string): string {
  return `/checkout/confirmation/${encodeURIComponent(orderNumber)}`;
}
