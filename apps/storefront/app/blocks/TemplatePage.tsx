import { type ReactNode, useEffect, useRef } from 'react';
import { preloadModule } from 'react-dom';
import { CartChangeReloadsPage } from '../features/cart/cart-revalidation';
import { rememberQuote } from '../features/cart/quote-storage';
import { useFocusOnNavigate } from '../lib/use-focus-on-navigate';
import { SectionView } from './SectionView';
import type { RenderedSection, TemplatePageData } from './types';
import { showsCart } from './viewer-blocks';

/**
 * A template page: Header sections in the banner, Content in main, Footer sections in the content info.
 * `children` follow the content in its column, for what a route adds to its template (the guidance's
 * completion).
 */
export function TemplatePage({ data, children }: { data: TemplatePageData; children?: ReactNode }) {
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigate(main);
  const { namedQuoteId, devMode, blockScripts } = data.page;
  // The server's HTML names the lazily loaded blocks' chunks in its head; in the browser, import() loads them.
  if (import.meta.env.SSR) for (const href of blockScripts) preloadModule(href, { as: 'script' });
  useEffect(() => {
    if (namedQuoteId) rememberQuote(namedQuoteId);
  }, [namedQuoteId]);
  const ofType = (type: RenderedSection['sectionType']) =>
    data.sections
      .filter((section) => section.sectionType === type)
      .map((section) => <SectionView key={section.sectionId} section={section} page={data.page} />);
  const header = ofType('Header');
  const footer = ofType('Footer');
  return (
    <CartChangeReloadsPage value={showsCart(data.sections)}>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      {header.length > 0 && <header className="site-banner">{header}</header>}
      <main id="main" ref={main} className={devMode ? 'page-main page-main--dev' : 'page-main'} tabIndex={-1}>
        {ofType('Content')}
        {children && <div className="page-column">{children}</div>}
      </main>
      {footer.length > 0 && <footer className="site-contentinfo">{footer}</footer>}
    </CartChangeReloadsPage>
  );
}
