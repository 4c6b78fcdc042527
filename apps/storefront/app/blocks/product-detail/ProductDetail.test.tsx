import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { item, page, readyBlock } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';
import { BlockView } from '../BlockView';

afterEach(cleanup);

describe('productDetail block', () => {
  it('shows the product with its quantity tiers, offers and actions', async () => {
    renderAt(
      <BlockView block={readyBlock('productDetail', {}, { item, elsewhere: null })} page={page} />,
      `/product/t-product/${item.id}`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: item.name })).toBeTruthy();
    expect(screen.getByText('FC-CD4-100')).toBeTruthy();
    expect(screen.getByText('100 tests')).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'Anti-human CD4 antibody vial, clone RPA-T4, FITC conjugate' }),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Volume pricing' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Quantity', 'Unit price', 'You save'],
      ['1–4', '$180.00', '—'],
      ['5+', '$162.00', '$18.00 (10%)'],
    ]);
    const offers = screen.getByRole('region', { name: 'Offers' });
    expect(within(offers).getByText('10% off')).toBeTruthy();
    expect(within(offers).getByText('Valid until May 31, 2025')).toBeTruthy();
    expect(screen.getByRole('button', { name: `Add to Cart ${item.name}` })).toBeTruthy();
    expect(screen.getByText('In stock: 40 (ships in 2 days)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Flow Cytometry Antibodies' }).getAttribute('href')).toBe(
      '/category/cat-1',
    );
  });

  it('lists the specifications in the CRM’s order, and the datasheet, SDS and a certificate per lot', async () => {
    renderAt(<BlockView block={readyBlock('productDetail', {}, { item, elsewhere: null })} page={page} />);
    const specifications = await screen.findByRole('table', { name: `Specifications of ${item.name}` });
    const rows = within(specifications)
      .getAllByRole('row')
      .map((row) => [
        within(row).getByRole('rowheader').textContent,
        within(row).getByRole('cell').textContent,
      ]);
    expect(rows).toEqual([
      ['Clone', 'RPA-T4'],
      ['Host species', 'Mouse'],
      ['Conjugate', 'FITC'],
      ['Excitation maximum', '495 nm'],
      ['Emission maximum', '519 nm'],
    ]);
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(within(documents).getByRole('link', { name: 'Datasheet' }).getAttribute('href')).toBe(
      `/products/${item.slug}/documents/datasheet.pdf`,
    );
    expect(within(documents).getByRole('link', { name: 'Safety data sheet' }).getAttribute('download')).toBe(
      'FC-CD4-100-sds.pdf',
    );
    const lots = within(documents).getByRole('table', { name: 'Certificates of analysis' });
    expect(
      within(lots)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['2610-10042', '2605-10042']);
    expect(
      within(lots)
        .getByRole('link', { name: /^PDF.*Certificate of analysis, lot 2605-10042$/ })
        .getAttribute('href'),
    ).toBe(`/products/${item.slug}/documents/coa-2605-10042.pdf`);
    expect(within(documents).getByRole('link', { name: 'Staining protocol' }).getAttribute('href')).toBe(
      'https://docs.example.com/fc-cd4-protocol.pdf',
    );
  });

  it('shows a discontinued product as no longer sold, linking its replacement, with no add to cart', async () => {
    const replacement = {
      name: 'Anti-Human CD4 Antibody, FITC, 2nd gen',
      sku: 'FC-CD4-200',
      slug: 'anti-human-cd4-2',
      productTemplateId: 't-product',
    };
    const retired = { ...item, discontinued: { replacement } };
    renderAt(
      <BlockView block={readyBlock('productDetail', {}, { item: retired, elsewhere: null })} page={page} />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: item.name })).toBeTruthy();
    expect(screen.getByText('No longer sold')).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Replaced by Anti-Human CD4 Antibody, FITC, 2nd gen (FC-CD4-200)' })
        .getAttribute('href'),
    ).toBe('/product/t-product/anti-human-cd4-2');
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
    expect(screen.queryByText(/In stock/)).toBeNull();
  });

  it('names no replacement when none is sold, and says nothing of stock when none is recorded', async () => {
    const retired = { ...item, stock: null, discontinued: { replacement: null } };
    renderAt(
      <BlockView block={readyBlock('productDetail', {}, { item: retired, elsewhere: null })} page={page} />,
    );
    expect(await screen.findByText('No longer sold')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Replaced by/ })).toBeNull();
    cleanup();
    renderAt(
      <BlockView
        block={readyBlock('productDetail', {}, { item: { ...item, stock: null }, elsewhere: null })}
        page={page}
      />,
    );
    expect(await screen.findByRole('button', { name: `Add to Cart ${item.name}` })).toBeTruthy();
    expect(screen.queryByText(/In stock|Made to order/)).toBeNull();
  });

  it('keeps description markup as text, with line breaks', async () => {
    renderAt(<BlockView block={readyBlock('productDetail', {}, { item, elsewhere: null })} page={page} />);
    const description = await screen.findByRole('region', { name: 'Description' });
    expect(description.querySelector('b')).toBeNull();
    expect(description.querySelector('p')?.innerHTML).toBe('Line one<br>Line two &lt;b&gt;bold&lt;/b&gt;');
  });

  it('hides tiers and offers when configured so', async () => {
    renderAt(
      <BlockView
        block={readyBlock(
          'productDetail',
          { showTiers: false, showOffers: false },
          { item, elsewhere: null },
        )}
        page={page}
      />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: item.name })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Volume pricing' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Offers' })).toBeNull();
  });

  it('offers Add to list to a signed-in buyer, whose lists it is, and not to a guest', async () => {
    const block = readyBlock('productDetail', {}, { item, elsewhere: null });
    renderAt(<BlockView block={block} page={page} />);
    expect(await screen.findByRole('heading', { level: 1, name: item.name })).toBeTruthy();
    expect(screen.queryByText('Add to list')).toBeNull();
    cleanup();
    const buyer = { ...page, viewer: { signedIn: true as const, name: 'Ada Lovelace', actingFor: null } };
    renderAt(<BlockView block={block} page={buyer} />);
    expect(await screen.findByRole('form', { name: `Add to list: ${item.name}`, hidden: true })).toBeTruthy();
  });

  it('says when the viewer’s catalogue lacks the product, and offers products of its category', async () => {
    const elsewhere = {
      name: 'Rare Antibody',
      sku: 'FC-RARE-1',
      category: { id: 'cat-1', name: 'Flow Cytometry Antibodies' },
      alternatives: [item],
    };
    renderAt(<BlockView block={readyBlock('productDetail', {}, { item: null, elsewhere })} page={page} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rare Antibody is not in your catalogue' }),
    ).toBeTruthy();
    expect(screen.getByText(/SKU FC-RARE-1 is not part of the catalogue of your account/)).toBeTruthy();
    const near = screen.getByRole('region', { name: 'From Flow Cytometry Antibodies in your catalogue' });
    expect(within(near).getByRole('link', { name: item.name }).getAttribute('href')).toBe(
      `/product/t-product/${item.slug}`,
    );
    expect(within(near).getByRole('link', { name: 'All of Flow Cytometry Antibodies' })).toBeTruthy();
  });
});
