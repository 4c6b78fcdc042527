import { NavLink } from 'react-router';
import { QUOTES_AND_ORDERS_PATH } from '../lib/paths';

interface AccountLink {
  label: string;
  to: string;
  /** Shown to managers only; the pages themselves are guarded on the server. */
  managersOnly?: boolean;
}

/** The pages of the account area (spec P§2 /billing/*), in the order a customer looks for them. */
export const ACCOUNT_AREA_LINKS: readonly AccountLink[] = [
  { label: 'Account', to: '/billing/account' },
  { label: 'Orders', to: '/billing/orders' },
  { label: 'Approvals', to: '/billing/approvals' },
  { label: 'Quotes and orders', to: QUOTES_AND_ORDERS_PATH },
  { label: 'Quotes from sales', to: '/billing/quotes' },
  { label: 'Quick order', to: '/uploadoptions' },
  { label: 'Requisition lists', to: '/billing/lists' },
  { label: 'Invoices', to: '/billing/enhancedList' },
  { label: 'Pay invoices', to: '/billing/payment' },
  { label: 'Payment methods', to: '/billing/paymentmethods' },
  { label: 'Cost centres', to: '/billing/costcentres' },
  { label: 'Requests', to: '/billing/requests' },
  { label: 'Support', to: '/support' },
  { label: 'Support cases', to: '/billing/cases' },
  { label: 'Training', to: '/elearning' },
  { label: 'Instruments and parts', to: '/configurator' },
  { label: 'Addresses', to: '/billing/shippingaddress' },
  { label: 'Shipping preferences', to: '/billing/shippingmethods' },
  { label: 'Profile and security', to: '/billing/profile' },
  { label: 'Notifications', to: '/billing/notifications' },
  { label: 'Manage users', to: '/billing/manageusers', managersOnly: true },
];

/** A list of links on wide screens, a row that scrolls sideways on phones. */
export function AccountNav({ isManager }: { isManager: boolean }) {
  const links = ACCOUNT_AREA_LINKS.filter((link) => isManager || !link.managersOnly);
  return (
    <nav className="account-nav" aria-label="Your account">
      <ul className="account-nav__list">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className="account-nav__link" prefetch="intent">
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
