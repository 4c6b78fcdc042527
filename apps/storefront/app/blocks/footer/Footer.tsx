import { CmsLink } from '../../components/CmsLink';
import { CmsText } from '../../components/CmsText';
import type { BlockProps } from '../types';

/** Columns of links and a copyright line. */
export function Footer({ fields, page }: BlockProps<'footer'>) {
  return (
    <div className="site-footer">
      {fields.columns.length > 0 && (
        <div className="site-footer__columns">
          {fields.columns.map((column) => (
            <nav key={column.heading} aria-label={column.heading} className="site-footer__column">
              <h2 className="site-footer__heading">{column.heading}</h2>
              <ul className="plain-list">
                {column.links.map((link) => (
                  <li key={`${link.label}-${link.url}`}>
                    <CmsLink link={link}>{link.label}</CmsLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      )}
      {fields.copyright && (
        <p className="site-footer__copyright">
          <CmsText text={fields.copyright} values={page.placeholders} />
        </p>
      )}
    </div>
  );
}
