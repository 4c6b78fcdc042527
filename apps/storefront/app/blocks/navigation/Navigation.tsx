import { NavLink } from 'react-router';
import { CmsLink } from '../../components/CmsLink';
import { categoryPath } from '../../lib/paths';
import type { BlockProps } from '../types';

/** Catalogue categories (blockFormat 'Navigation') and the configured links. */
export function Navigation({ fields, data }: BlockProps<'navigation'>) {
  if (data.categories.length === 0 && fields.links.length === 0) return null;
  return (
    <nav aria-label={fields.label} className="site-nav">
      <ul className="site-nav__list">
        {data.categories.map((category) => (
          <li key={category.id}>
            <NavLink to={categoryPath(category.slug)} className="site-nav__link">
              {category.name}
            </NavLink>
          </li>
        ))}
        {fields.links.map((link) => (
          <li key={`${link.label}-${link.url}`}>
            <CmsLink link={link} className="site-nav__link">
              {link.label}
            </CmsLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
