import { useId, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { CmsLink } from '../../components/CmsLink';
import { useDisclosure } from '../../components/use-disclosure';
import { categoryPath } from '../../lib/paths';
import type { BlockProps } from '../types';

/**
 * Catalogue categories (blockFormat 'Navigation') and the configured links: a bar on tablets and desktops, a
 * menu behind a button on phones. The links are always in the document; only the phone layout hides them.
 */
export function Navigation({ fields, data }: BlockProps<'navigation'>) {
  const { pathname } = useLocation();
  if (data.categories.length === 0 && fields.links.length === 0) return null;
  // Keyed by the path: a followed link leaves the menu closed behind it.
  return <NavigationMenu key={pathname} fields={fields} data={data} />;
}

function NavigationMenu({ fields, data }: Pick<BlockProps<'navigation'>, 'fields' | 'data'>) {
  const listId = useId();
  const container = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const { open, setOpen } = useDisclosure(container, toggle);
  return (
    <nav aria-label={fields.label} className="site-nav" ref={container}>
      <button
        type="button"
        ref={toggle}
        className="site-nav__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span className="site-nav__toggle-label">Menu</span>
      </button>
      <ul id={listId} className="site-nav__list" data-open={open}>
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
