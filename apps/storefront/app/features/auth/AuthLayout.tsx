import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface AuthLayoutProps {
  storefrontName: string;
  logoUrl: string;
  children: ReactNode;
}

/** /login and /changePassword: a card on its own, without the storefront's header, navigation or footer. */
export function AuthLayout({ storefrontName, logoUrl, children }: AuthLayoutProps) {
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <Link to="/" className="brand-link">
          <img src={logoUrl} alt="" width={40} height={40} />
          <span>{storefrontName}</span>
        </Link>
        {children}
      </div>
    </main>
  );
}
