import type { PaymentMethod } from '@storefront/contracts/crm-payment-methods';

/** A saved card as a buyer names it: 'Visa •••• 4242' (the brand as P§5 names it, the last 4). */
export const cardName = (method: Pick<PaymentMethod, 'brand' | 'last4'>) =>
  `${method.brand} •••• ${method.last4}`;
