import { useId, useRef } from 'react';
import { Form, Link, useLocation } from 'react-router';
import type { PageViewer } from '../blocks/types';
import { loginPath, QUOTES_AND_ORDERS_PATH, SIGN_OUT_INTENT } from '../lib/paths';
import { useTokenExpiryLog } from '../lib/token-expiry-log';
import { useDisclosure } from './use-disclosure';

/**
 * Ways into the account area; its own navigation (AccountNav) leads to the rest, managers' pages included.
 * The password is changed on the profile page.
 */
/** Where a user switches the account they act for: the Related accounts list of their account page. */
const SWITCH_ACCOUNT_PATH = '/billing/account#related-accounts';

const ACCOUNT_LINKS = [
  { label: 'Your account', to: '/billing/account' },
  // Where each order placed stands: its status, shipments and tracking (issue 32).
  { label: 'Orders', to: '/billing/orders' },
  // Orders waiting for the user's approval, and their own (docs/decisions/0064-approvals-and-limits.md).
  { label: 'Approvals', to: '/billing/approvals' },
  { label: 'Quotes and orders', to: QUOTES_AND_ORDERS_PATH },
  // The kits a lab buys again and again (docs/decisions/0062-requisition-lists.md).
  { label: 'Requisition lists', to: '/billing/lists' },
  { label: 'Profile and security', to: '/billing/profile' },
] as const;

/**
 * The header's account corner: 'Sign in' back to this page for a guest; for a user, a menu under their name
 * with the account pages and 'Sign out'. Signing out happens on the sign-in page, so catalogue pages never
 * load the identity library.
 */
export function AccountControls({
  viewer,
  personalName = null,
}: {
  viewer: PageViewer;
  /** The name the browser read for a page kept for its price context, whose own name is a hole. */
  personalName?: string | null;
}) {
  const { pathname, search } = useLocation();
  if (!viewer.signedIn) {
    return (
      <Link to={loginPath(pathname + search)} className="site-header__account-link">
        Sign in
      </Link>
    );
  }
  // Keyed by the path: a followed link leaves the menu closed behind it.
  return (
    <>
      <TokenExpiryLog />
      <AccountMenu key={pathname} name={viewer.name ?? personalName ?? ACCOUNT_MENU_FALLBACK} />
    </>
  );
}

/** While the user is signed in, the access token's expiry goes to the browser's log each minute (P§9). */
function TokenExpiryLog() {
  useTokenExpiryLog();
  return null;
}

/**
 * Whose prices, catalogue and cart a user who may act for several accounts is using, in sight on every page
 * (no menu to open), with the way to the Related accounts list to switch (docs/decisions/0025).
 */
export function ActingAccount({ viewer }: { viewer: PageViewer }) {
  if (!viewer.actingFor) return null;
  return (
    <p className="acting-account">
      <span>Acting for</span> <strong className="acting-account__name">{viewer.actingFor}</strong>{' '}
      <Link to={SWITCH_ACCOUNT_PATH} className="acting-account__switch">
        Switch<span className="acting-account__more"> account</span>
      </Link>
    </p>
  );
}

/** What the account menu says until the browser has read the name of a page kept for its price context. */
const ACCOUNT_MENU_FALLBACK = 'Your account';

/** A disclosure, not an ARIA menu: its entries are ordinary links and a button, reached with Tab. */
function AccountMenu({ name }: { name: string }) {
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const { open, setOpen } = useDisclosure(container, toggle);
  return (
    <div className="account-menu" ref={container}>
      <button
        type="button"
        ref={toggle}
        className="account-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {/* On phones a figure stands for the name, which stays the button's accessible name. */}
        <svg className="account-menu__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
        </svg>
        <span className="account-menu__name">{name}</span>
      </button>
      <div id={panelId} className="account-menu__panel" hidden={!open}>
        <ul className="account-menu__list">
          {ACCOUNT_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="account-menu__link">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <Form method="post" action="/login">
          <button type="submit" name="intent" value={SIGN_OUT_INTENT} className="account-menu__link">
            Sign out
          </button>
        </Form>
      </div>
    </div>
  );
}
