import type { SearchSuggestions } from '@storefront/contracts/crm-search';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../testing/render';
import { pressKey } from './combobox';
import { SearchCombobox } from './SearchCombobox';

const ANSWER: SearchSuggestions = {
  products: [
    {
      id: 'i1',
      sku: 'FCA-10171',
      name: 'Anti-Human CD4 Antibody, APC',
      slug: 'anti-human-cd4-apc',
      productTemplateId: 'tpl-product',
      imageUrl: '/img/cd4.png',
      formattedPrice: '$245.00',
    },
    {
      id: 'i2',
      sku: 'FCA-10172',
      name: 'Anti-Human CD4 Antibody, PE',
      slug: 'anti-human-cd4-pe',
      productTemplateId: 'tpl-product',
      imageUrl: '/img/cd4pe.png',
      formattedPrice: '$230.00',
    },
  ],
  categories: [{ id: 'c1', name: 'CD4 panels', slug: 'cd4-panels' }],
  recent: ['cd4 apc'],
};

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

const show = (guest = false) =>
  renderAt(
    <>
      <SearchCombobox searchPath="/search" placeholder="Search" defaultValue="" guest={guest} />
      <Where />
    </>,
  );

const box = () => screen.getByRole('combobox', { name: 'Search products' });
const key = (name: string) => fireEvent.keyDown(box(), { key: name });
const typeText = async (text: string) => {
  box().focus();
  fireEvent.change(box(), { target: { value: text } });
  await screen.findByRole('listbox', { name: 'Search suggestions' });
};
const highlighted = () => {
  const id = box().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.getAttribute('aria-label') : null;
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(ANSWER), { headers: { 'content-type': 'application/json' } }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the header search combobox', () => {
  it('opens grouped options with their names and announces how many', async () => {
    show();
    expect(box().getAttribute('aria-expanded')).toBe('false');
    await typeText('cd4');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(box().getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(screen.getAllByRole('group')).toHaveLength(3);
    expect(screen.getByRole('group', { name: 'Products' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Categories' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Recent searches' })).toBeTruthy();
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('aria-label'))).toEqual([
      'Anti-Human CD4 Antibody, APC, FCA-10171, $245.00',
      'Anti-Human CD4 Antibody, PE, FCA-10172, $230.00',
      'CD4 panels',
      'cd4 apc',
    ]);
    expect(screen.getByText('4 suggestions').getAttribute('aria-live')).toBe('polite');
    expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/search/suggest?q=cd4', expect.anything());
  });

  it('is the combobox with its empty listbox before the buyer comes to it, and asks nothing yet', async () => {
    show();
    await waitFor(() => expect(box().getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(box().getAttribute('aria-controls') ?? '');
    expect(listbox?.getAttribute('role')).toBe('listbox');
    expect(listbox?.getAttribute('aria-label')).toBe('Search suggestions');
    expect(listbox?.hidden).toBe(true);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(listbox?.childElementCount).toBe(0);
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });

  it('moves with ArrowDown and ArrowUp, wrapping at the ends, and opens the highlighted option on Enter', async () => {
    show();
    await typeText('cd4');
    expect(box().hasAttribute('aria-activedescendant')).toBe(false);
    key('ArrowDown');
    expect(highlighted()).toBe('Anti-Human CD4 Antibody, APC, FCA-10171, $245.00');
    expect(screen.getAllByRole('option')[0]?.getAttribute('aria-selected')).toBe('true');
    key('ArrowDown');
    key('ArrowDown');
    expect(highlighted()).toBe('CD4 panels');
    key('ArrowDown');
    key('ArrowDown');
    expect(highlighted()).toBe('Anti-Human CD4 Antibody, APC, FCA-10171, $245.00');
    key('ArrowUp');
    expect(highlighted()).toBe('cd4 apc');
    key('ArrowUp');
    key('ArrowUp');
    key('Enter');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'location' }).textContent).toContain(
        '/product/tpl-product/anti-human-cd4-pe',
      ),
    );
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape, then clears the text on a second Escape', async () => {
    show();
    await typeText('cd4');
    key('ArrowDown');
    key('Escape');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().hasAttribute('aria-activedescendant')).toBe(false);
    expect((box() as HTMLInputElement).value).toBe('cd4');
    key('Escape');
    expect((box() as HTMLInputElement).value).toBe('');
  });

  it("keeps a guest's searches in the browser and offers them back", async () => {
    window.localStorage.setItem('storefront.recentSearches', JSON.stringify(['cd4 fitc', 'annexin v']));
    show(true);
    await typeText('cd4');
    const recent = screen.getByRole('group', { name: 'Recent searches' });
    expect(recent.textContent).toContain('cd4 fitc');
    expect(recent.textContent).not.toContain('cd4 apc');
    expect(recent.textContent).not.toContain('annexin');
  });
});

describe('the combobox keys', () => {
  it('submit the search on Enter with nothing highlighted, and leave with the list closed on Tab', () => {
    expect(pressKey('Enter', { open: true, active: -1 }, 3)).toEqual({
      state: { open: false, active: -1 },
      effect: 'none',
    });
    expect(pressKey('Tab', { open: true, active: 1 }, 3)).toEqual({
      state: { open: false, active: -1 },
      effect: 'none',
    });
    expect(pressKey('ArrowDown', { open: false, active: -1 }, 0).effect).toBe('none');
    expect(pressKey('ArrowUp', { open: false, active: -1 }, 3)).toEqual({
      state: { open: true, active: 2 },
      effect: 'handled',
    });
  });
});
