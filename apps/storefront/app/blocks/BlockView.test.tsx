import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { item, page, readyBlock } from '../testing/fixtures';
import { renderAt } from '../testing/render';
import { BlockView } from './BlockView';
import { sectionBox } from './layout';
import { SectionView } from './SectionView';
import type { RenderedSection } from './types';

afterEach(cleanup);

/** A section as the server renders it, its box worked out from its layout. */
const section = (overrides: Partial<Omit<RenderedSection, 'columnCount' | 'style'>>): RenderedSection => {
  const rendered = {
    sectionId: 's-1',
    sectionType: 'Content' as const,
    sortOrder: 1,
    layout: { columns: 2, columnSize: '1/2', padding: { top: 8 }, gap: 16 },
    styling: {},
    background: {},
    blocks: [],
    ...overrides,
  };
  return { ...rendered, ...sectionBox(rendered) };
};

describe('BlockView', () => {
  it('renders a block through the registry', () => {
    renderAt(<BlockView block={readyBlock('richText', { heading: 'Hello' }, null)} page={page} />);
    expect(screen.getByRole('heading', { name: 'Hello' })).toBeTruthy();
  });

  it("shows a block's error state in place", () => {
    const block = {
      ...readyBlock('productCard', { itemId: 'x' }, { item: null }),
      state: {
        status: 'error' as const,
        message: 'This content could not be loaded. Please try again later.',
      },
    };
    renderAt(<BlockView block={block} page={page} />);
    expect(screen.getByRole('status').textContent).toBe(
      'This content could not be loaded. Please try again later.',
    );
  });
});

describe('SectionView', () => {
  it('lays blocks out in their columns with the section grid', () => {
    const { container } = renderAt(
      <SectionView
        section={section({
          blocks: [
            readyBlock('richText', { heading: 'Right' }, null, { column: 1 }),
            readyBlock('richText', { heading: 'Left' }, null, { column: 0 }),
          ],
        })}
        page={page}
      />,
    );
    const grid = container.querySelector('.section') as HTMLElement;
    expect(grid.style.display).toBe('grid');
    expect(grid.style.gridTemplateColumns).toBe('1fr 2fr');
    expect(grid.style.gap).toBe('16px');
    const [left, right] = Array.from(grid.querySelectorAll('.section__column'));
    expect(within(left as HTMLElement).getByRole('heading').textContent).toBe('Left');
    expect(within(right as HTMLElement).getByRole('heading').textContent).toBe('Right');
  });

  it('stacks the blocks with empty layout styles when columns and columnSize disagree', () => {
    const { container } = renderAt(
      <SectionView
        section={section({
          layout: { columns: 3, columnSize: '1/2', padding: { top: 8 }, gap: 16 },
          blocks: [readyBlock('richText', { heading: 'Only' }, null, { column: 2 })],
        })}
        page={page}
      />,
    );
    const box = container.querySelector('.section') as HTMLElement;
    expect(box.style.display).toBe('');
    expect(box.style.gap).toBe('');
    expect(box.style.paddingTop).toBe('');
    expect(box.querySelectorAll('.section__column')).toHaveLength(1);
  });
});

describe('blocks', () => {
  it('header: brand link home and a search form to the product list', () => {
    const { container } = renderAt(
      <BlockView
        block={readyBlock(
          'header',
          {},
          { cart: Promise.resolve(null), notifications: Promise.resolve(null) },
        )}
        page={page}
      />,
      '/search?searchText=cd4',
    );
    expect(screen.getByRole('link', { name: 'Helix Life Sciences' }).getAttribute('href')).toBe('/');
    const search = screen.getByRole('search');
    expect(search.getAttribute('action')).toBe('/search');
    const input = screen.getByLabelText('Search products') as HTMLInputElement;
    expect(input.name).toBe('searchText');
    expect(input.value).toBe('cd4');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/logo.svg');
  });

  it("header: the cart link, with the cart's total once there is one", async () => {
    const { unmount } = renderAt(
      <BlockView
        block={readyBlock(
          'header',
          {},
          { cart: Promise.resolve(null), notifications: Promise.resolve(null) },
        )}
        page={page}
      />,
    );
    expect(screen.getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/cart');
    unmount();
    renderAt(
      <BlockView
        block={readyBlock(
          'header',
          {},
          {
            cart: Promise.resolve({ total: 1234.5, currency: 'EUR' }),
            notifications: Promise.resolve(null),
          },
        )}
        page={page}
      />,
    );
    expect((await screen.findByRole('link', { name: 'Cart €1,234.50' })).getAttribute('href')).toBe('/cart');
  });

  it('header: configuration.logo wins over the theme logo', () => {
    const { container } = renderAt(
      <BlockView
        block={readyBlock(
          'header',
          {},
          { cart: Promise.resolve(null), notifications: Promise.resolve(null) },
          { logo: '/brand.svg' },
        )}
        page={page}
      />,
    );
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/brand.svg');
  });

  it('navigation: categories link to /category/{slug} (found in any catalogue), then configured links', () => {
    renderAt(
      <BlockView
        block={readyBlock(
          'navigation',
          { label: 'Catalogue', links: [{ label: 'About us', url: '/about' }] },
          {
            categories: [
              { id: 'c1', name: 'Genomics Kits', slug: 'genomics-kits', parentId: null, sortOrder: 1 },
            ],
          },
        )}
        page={page}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Catalogue' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Genomics Kits', '/category/genomics-kits'],
      ['About us', '/about'],
    ]);
    // On phones the links sit behind a menu button; closed, they stay in the document for crawlers and
    // for the moment before the page hydrates.
    const toggle = within(nav).getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(list?.contains(links[0] ?? null)).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('footer: link columns and a copyright with placeholders', () => {
    renderAt(
      <BlockView
        block={readyBlock(
          'footer',
          {
            columns: [
              {
                heading: 'Support',
                links: [{ label: 'Contact', url: 'https://example.com/contact', openInNewTab: true }],
              },
            ],
            copyright: '© {!year} {!storefrontName}',
          },
          null,
        )}
        page={page}
      />,
    );
    const link = within(screen.getByRole('navigation', { name: 'Support' })).getByRole('link');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe('Contact (opens in a new tab)');
    expect(screen.getByText('© 2025 Helix Life Sciences')).toBeTruthy();
  });

  it('rich text: placeholders, line breaks and escaped markup', () => {
    const { container } = renderAt(
      <BlockView
        block={readyBlock(
          'richText',
          { heading: 'Welcome to {!storefrontName}', text: 'One\nTwo <script>x</script>', headingLevel: 1 },
          null,
        )}
        page={page}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Helix Life Sciences');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('.rich-text__text')?.innerHTML).toBe(
      'One<br>Two &lt;script&gt;x&lt;/script&gt;',
    );
  });

  it('rich text: refuses a javascript: link', () => {
    renderAt(
      <BlockView
        block={readyBlock('richText', { link: { label: 'Click', url: 'javascript:alert(1)' } }, null)}
        page={page}
      />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Click')).toBeTruthy();
  });

  it('image: alt text, caption and link', () => {
    renderAt(
      <BlockView
        block={readyBlock(
          'image',
          {
            src: '/images/lab.svg',
            alt: 'A flow cytometer',
            caption: 'Our lab',
            link: { label: 'Instruments', url: '/category/i' },
          },
          null,
        )}
        page={page}
      />,
    );
    expect(screen.getByRole('img', { name: 'A flow cytometer' }).getAttribute('src')).toBe('/images/lab.svg');
    expect(screen.getByRole('link', { name: /Instruments/ }).getAttribute('href')).toBe('/category/i');
    expect(screen.getByText('Our lab')).toBeTruthy();
  });

  it("image: the page's lead image loads at once with high priority, another lazily", () => {
    const image = readyBlock('image', { src: '/images/lab.svg', alt: 'A flow cytometer' }, null);
    renderAt(
      <>
        <BlockView block={image} page={{ ...page, leadImage: image.blockId }} />
        <BlockView block={{ ...image, blockId: 'later' }} page={{ ...page, leadImage: image.blockId }} />
      </>,
    );
    const [lead, later] = screen.getAllByRole('img', { name: 'A flow cytometer' });
    expect([lead?.getAttribute('loading'), lead?.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect([later?.getAttribute('loading'), later?.getAttribute('fetchpriority')]).toEqual(['lazy', 'auto']);
  });

  it('product card: links to the product page and offers its actions', async () => {
    renderAt(<BlockView block={readyBlock('productCard', { itemId: item.id }, { item })} page={page} />, '/');
    expect((await screen.findByRole('link', { name: item.name })).getAttribute('href')).toBe(
      `/product/t-product/${item.slug}`,
    );
    const addToCart = screen.getByRole('button', { name: `Add to Cart ${item.name}` });
    expect(addToCart.closest('form')?.getAttribute('action')).toBe('/api/cart');
    expect(screen.getByRole('spinbutton', { name: `Quantity of ${item.name}` })).toHaveProperty('value', '1');
    expect(screen.getByText('$180.00')).toBeTruthy();
  });

  it('product card: an item that needs configuration offers CONFIGURE only', async () => {
    renderAt(
      <BlockView
        block={readyBlock(
          'productCard',
          { itemId: item.id },
          { item: { ...item, requiresConfiguration: 'Needs' } },
        )}
        page={page}
      />,
    );
    expect(
      (await screen.findByRole('link', { name: `Configure for ${item.name}` })).getAttribute('href'),
    ).toBe(`/cpq?itemId=${item.id}`);
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
  });
});
