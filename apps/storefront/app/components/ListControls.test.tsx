import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../testing/render';
import { FilterField, ListFilters, ListPages, ListSummary } from './ListControls';

afterEach(cleanup);

const pageHref = (page: number) => `/billing/orders?status=shipped&page=${page}`;

describe('the parts of a list', () => {
  it('counts the rows of the page and of the list, or says none match', () => {
    renderAt(
      <ListSummary paging={{ page: 3, pageSize: 20, totalSize: 57 }} noun="orders" exportHref="/x.csv" />,
    );
    expect(screen.getByText('Showing 41–57 of 57 orders')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/x.csv');
    cleanup();
    renderAt(<ListSummary paging={{ page: 1, pageSize: 20, totalSize: 0 }} noun="orders" exportHref="/x" />);
    expect(screen.getByText('No orders match these filters.')).toBeTruthy();
  });

  it('pages back and forth where there is a page to go to, and not at all on one page', () => {
    renderAt(
      <ListPages paging={{ page: 2, pageSize: 20, totalSize: 57 }} label="Order pages" pageHref={pageHref} />,
    );
    const pages = screen.getByRole('navigation', { name: 'Order pages' });
    expect(pages.textContent).toContain('Page 2 of 3');
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(pageHref(1));
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(pageHref(3));
    cleanup();
    renderAt(
      <ListPages paging={{ page: 3, pageSize: 20, totalSize: 57 }} label="Order pages" pageHref={pageHref} />,
    );
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
    cleanup();
    renderAt(
      <ListPages paging={{ page: 1, pageSize: 20, totalSize: 20 }} label="Order pages" pageHref={pageHref} />,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('labels each filter and ties a refused one to its problem', () => {
    renderAt(
      <ListFilters label="Filter orders" clearTo="/billing/orders">
        <FilterField
          name="to"
          label="Placed to"
          problem="Must not be before the start date."
          control={(props) => <input type="date" {...props} />}
        />
        <FilterField name="poNumber" label="PO number" control={(props) => <input {...props} />} />
      </ListFilters>,
    );
    const form = screen.getByRole('form', { name: 'Filter orders' });
    expect(form.getAttribute('method')).toBe('get');
    const to = screen.getByLabelText('Placed to');
    expect(to.getAttribute('name')).toBe('to');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    const problem = document.getElementById(to.getAttribute('aria-describedby') ?? '');
    expect(problem?.textContent).toBe('Must not be before the start date.');
    const po = screen.getByLabelText('PO number');
    expect(po.hasAttribute('aria-invalid')).toBe(false);
    expect(po.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.getByRole('link', { name: 'Clear' }).getAttribute('href')).toBe('/billing/orders');
  });
});
