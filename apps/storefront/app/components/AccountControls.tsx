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
const ACCOUNT_LINKS = [
  { label: 'Your account', to: '/billing/account' },
  { label: 'Profile and security', to: '/billing/profile' },
] as const;

  { label: 'Quotes and orders', to: QUOTES_AND_ORDERS_PATH },
/**
 * The header's account corner: 'Sign in' back to this page for a guest; for a user, a menu under their name
 * with the account pages and 'Sign out'. Signing out happens on the sign-in page, so catalogue pages never
 * load the identity library.
 */
export function AccountControls({ viewer }: { viewer: PageViewer }) {
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
      <AccountMenu key={pathname} name={viewer.name} actingFor={viewer.actingFor} />
    </>
  );
}

/** While the user is signed in, the access token's expiry goes to the browser's log each minute (P§9). */
function TokenExpiryLog() {
  useTokenExpiryLog();
  return null;
}

/** A disclosure, not an ARIA menu: its entries are ordinary links and a button, reached with Tab. */
function AccountMenu({ name, actingFor }: { name: string; actingFor: string | null }) {
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
        {/* A user who chose a related account sees whose prices and cart they are using (0025). */}
        {actingFor && (
          <p className="account-menu__acting">
            Acting for <strong>{actingFor}</strong>
          </p>
        )}
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
