import type { LinkItem } from '@storefront/contracts/block-fields';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isExternal, safeHref } from '../lib/paths';

interface CmsLinkProps {
  link: Pick<LinkItem, 'url' | 'openInNewTab'>;
  className?: string;
  children: ReactNode;
}

/**
 * A link an administrator configured: in-app paths navigate client-side, absolute URLs are explicit external
 * links (spec P§2), unsafe schemes render as plain text.
 */
export function CmsLink({ link, className, children }: CmsLinkProps) {
  const href = safeHref(link.url);
  if (href === null) return <span className={className}>{children}</span>;
  const newTab = link.openInNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  const hint = link.openInNewTab && <span className="visually-hidden"> (opens in a new tab)</span>;
  if (isExternal(href) || /^(mailto|tel):/i.test(href)) {
    return (
      <a href={href} className={className} {...newTab}>
        {children}
        {hint}
      </a>
    );
  }
  return (
    <Link to={href} className={className} {...newTab}>
      {children}
      {hint}
    </Link>
  );
}
