import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../components/toast/Toasts';
import { AddToCart } from './AddToCart';
import type { CartActionResult } from './cart-actions';

const product = { id: 'a0B000000000001', name: 'Anti-Human CD4 Antibody, FITC' };

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const ProductPage = () => <AddToCart item={product} label="Add to Cart" primary />;

/** What the /api/cart stub received, and a way to hold its answer back. */
function renderAddToCart(
  answer: (form: Record<string, string>) => CartActionResult | Promise<CartActionResult>,
) {
  const submissions: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    { path: '/', Component: ProductPage },
    {
      path: '/api/cart',
      action: async ({ request }) => {
        const form = Object.fromEntries(await request.formData()) as Record<string, string>;
        submissions.push(form);
        return answer(form);
      },
    },
  ]);
  render(
    <ToastProvider>
      <Stub initialEntries={['/']} />
    </ToastProvider>,
  );
  return { submissions };
}

const added = (qty: string): CartActionResult => ({
  ok: true,
  intent: 'add',
  message: `${qty} × ${product.name} added to your cart.`,
  quoteId: 'q-1',
  lineCount: 1,
  cart: null,
});

const button = (name = `Add to Cart ${product.name}`) => screen.getByRole('button', { name });
const notifications = () => screen.getByRole('region', { name: 'Notifications' });

describe('AddToCart', () => {
  it('submits intent add with the item and the typed quantity, then shows the answer as a toast', async () => {
    const { submissions } = renderAddToCart((form) => added(form.qty ?? ''));
    fireEvent.change(screen.getByRole('spinbutton', { name: `Quantity of ${product.name}` }), {
      target: { value: '3' },
    });
    await act(async () => fireEvent.click(button()));
    await waitFor(() =>
      expect(within(notifications()).getByText(`3 × ${product.name} added to your cart.`)).toBeTruthy(),
    );
    expect(submissions).toEqual([{ intent: 'add', catalogItemId: product.id, qty: '3' }]);
    expect(localStorage.getItem('qreset-q-1')).toBe('true');
  });

  it("reads 'Adding…' and is disabled while the cart is answering", async () => {
    let release: (result: CartActionResult) => void = () => {};
    renderAddToCart(() => new Promise((resolve) => (release = resolve)));
    expect(button()).toHaveProperty('disabled', false);
    await act(async () => fireEvent.click(button()));
    const pending = await screen.findByRole('button', { name: `Adding… ${product.name}` });
    expect(pending).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: `Add to Cart ${product.name}` })).toBeNull();
    await act(async () => release(added('1')));
    await waitFor(() => expect(button()).toHaveProperty('disabled', false));
    expect(within(notifications()).getByText(`1 × ${product.name} added to your cart.`)).toBeTruthy();
  });

  it('shows a refusal as an error toast and sets no changed flag', async () => {
    renderAddToCart(() => ({ ok: false, intent: 'add', message: 'This product is no longer available.' }));
    await act(async () => fireEvent.click(button()));
    const alert = await within(notifications()).findByRole('alert');
    expect(alert.textContent).toContain('This product is no longer available.');
    expect(localStorage.length).toBe(0);
  });
});
