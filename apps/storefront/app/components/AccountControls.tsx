import { Form, Link, useLocation } from 'react-router';
import type { PageViewer } from '../blocks/types';
import { loginPath, SIGN_OUT_INTENT } from '../lib/paths';

/**
 * The header's account corner: 'Sign in' back to this page for a guest; the user's name and 'Sign out'.
 * Signing out happens on the sign-in page, so catalogue pages never load the identity library.
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
  return (
    <div className="site-header__account">
      <span className="site-header__user">{viewer.name}</span>
      <Form method="post" action="/login">
        <button type="submit" name="intent" value={SIGN_OUT_INTENT} className="button button--secondary">
          Sign out
        </button>
      </Form>
    </div>
  );
}
