import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ADD_TO_LIST_PATH, AddToList } from './AddToList';
import type { AddToListResult } from './add-to-list-api';
import type { ListEntry } from './entries';

afterEach(cleanup);

/** What the page under test puts on a list; set by each test before it renders. */
let onPage: ListEntry[] = [];
const ProductPage = () => <AddToList entries={onPage} label="Add to list" subject="the product" />;

/** The control on a page, with /api/requisition-lists stubbed: the buyer's lists, and what each add received. */
function renderControl(entries: ListEntry[], answer: (form: FormData) => AddToListResult) {
  onPage = entries;
  const posted: FormData[] = [];
  const Stub = createRoutesStub([
    { path: '/', Component: ProductPage },
    {
      path: ADD_TO_LIST_PATH,
      loader: () => ({ lists: [{ listId: 'rql_1', name: 'CD4 panel' }] }),
      action: async ({ request }) => {
        const form = await request.formData();
        posted.push(form);
        return answer(form);
      },
    },
  ]);
  render(<Stub initialEntries={['/']} />);
  return { posted };
}

async function open() {
  const summary = screen.getByText('Add to list');
  fireEvent.click(summary);
  // jsdom opens <details> on a click of its summary but does not fire toggle: the test does.
  const details = summary.closest('details') as HTMLDetailsElement;
  details.open = true;
  fireEvent(details, new Event('toggle'));
  await screen.findByRole('option', { name: 'CD4 panel' });
  return screen.getByRole('form', { name: 'Add to list: the product' });
}

describe('Add to list', () => {
  it('adds one product at the quantity asked to a chosen list, and links to it', async () => {
    const { posted } = renderControl([{ sku: 'FCA-10011', qty: 1 }], () => ({
      ok: true,
      listId: 'rql_1',
      listName: 'CD4 panel',
      listHref: '/billing/lists/rql_1',
      added: 1,
      refused: [],
    }));
    const panel = await open();
    fireEvent.change(within(panel).getByLabelText('List'), { target: { value: 'rql_1' } });
    expect(within(panel).queryByLabelText('Name of the new list')).toBeNull();
    fireEvent.change(within(panel).getByLabelText('Quantity'), { target: { value: '4' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add' }));
    const status = await within(panel).findByRole('status');
    await waitFor(() => expect(status.textContent).toBe('Added 1 line to CD4 panel.'));
    const link = within(status).getByRole('link', { name: 'CD4 panel' });
    expect(link.getAttribute('href')).toBe('/billing/lists/rql_1');
    const [form] = posted;
    expect(form?.get('listId')).toBe('rql_1');
    expect(form?.getAll('sku')).toEqual(['FCA-10011']);
    expect(form?.getAll('qty')).toEqual(['4']);
  });

  it('sends each line of a cart or order once, quantities of a repeated SKU summed, and says what was kept out', async () => {
    const { posted } = renderControl(
      [
        { sku: 'A-1', qty: 2 },
        { sku: 'B-2', qty: 1 },
        { sku: 'A-1', qty: 3 },
      ],
      () => ({
        ok: true,
        listId: 'rql_2',
        listName: 'Kit',
        listHref: '/billing/lists/rql_2',
        added: 1,
        refused: [{ sku: 'B-2', message: "B-2 is not in your account's catalogue." }],
      }),
    );
    const panel = await open();
    within(panel).getByText('2 lines with their quantities.');
    fireEvent.change(within(panel).getByLabelText('Name of the new list'), { target: { value: 'Kit' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add' }));
    await within(panel).findByText("B-2 is not in your account's catalogue.");
    const [form] = posted;
    expect(form?.get('newListName')).toBe('Kit');
    expect(form?.getAll('sku')).toEqual(['A-1', 'B-2']);
    expect(form?.getAll('qty')).toEqual(['5', '1']);
  });

  it('says why nothing was added', async () => {
    renderControl([{ sku: 'A-1', qty: 1 }], () => ({
      ok: false,
      problem: 'this list is shared read-only: only its owner changes it.',
    }));
    const panel = await open();
    fireEvent.change(within(panel).getByLabelText('List'), { target: { value: 'rql_1' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add' }));
    await within(panel).findByText(/shared read-only/);
  });
});
