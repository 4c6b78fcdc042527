/** The account's saved cards (spec P§2 /billing/paymentmethods). */
export const PAYMENT_METHODS_PATH = '/billing/paymentmethods';
