import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ToastApi, ToastProvider, useToast } from './Toasts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function ToastUser({ onApi }: { onApi: (api: ToastApi) => void }) {
  onApi(useToast());
  return null;
}

/** Renders the provider and returns the API a component below it gets from `useToast()`. */
function renderToasts(): ToastApi {
  let api: ToastApi | undefined;
  render(
    <ToastProvider>
      <ToastUser
        onApi={(given) => {
          api = given;
        }}
      />
    </ToastProvider>,
  );
  return api!;
}

const region = () => screen.getByRole('region', { name: 'Notifications' });
const dismissButton = () => screen.getByRole('button', { name: 'Dismiss' });
const toastOf = (message: string) => screen.getByText(message).parentElement!;
const seconds = (count: number) => act(() => vi.advanceTimersByTime(count * 1000));

describe('Toasts', () => {
  it('appears in a polite live region when a message is set', () => {
    const toasts = renderToasts();
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(region().textContent).toBe('');
    act(() => {
      toasts.show({ message: 'Added to cart' });
    });
    expect(region().textContent).toContain('Added to cart');
    expect(dismissButton().textContent).toBe('Dismiss (5)');
  });

  it('shows its variant, and error toasts as alerts', () => {
    const toasts = renderToasts();
    act(() => {
      toasts.show({ message: 'Saved', variant: 'success' });
      toasts.show({ message: 'Check your address', variant: 'warning' });
      toasts.show({ message: 'Payment failed', variant: 'error' });
      toasts.show({ message: 'Hello' });
    });
    expect(toastOf('Saved').className).toContain('toast--success');
    expect(toastOf('Check your address').className).toContain('toast--warning');
    expect(toastOf('Hello').className).toContain('toast--default');
    expect(screen.getByRole('alert').textContent).toContain('Payment failed');
  });

  it("shows a message without its leading 'ERROR: ' or 'Error: ' (spec P§8), whatever sent it", () => {
    const toasts = renderToasts();
    act(() => {
      toasts.show({ message: 'ERROR: Please choose a shipping method.', variant: 'error' });
      toasts.show({ message: 'Error: Network Error', variant: 'error' });
      toasts.show({ message: 'Error - PO Number already exists', variant: 'error' });
    });
    expect(region().textContent).not.toMatch(/ERROR:|Error:/);
    expect(screen.getByText('Please choose a shipping method.')).toBeTruthy();
    expect(screen.getByText('Network Error')).toBeTruthy();
    // Only the prefix goes: the CRM's own wording stays as it was written.
    expect(screen.getByText('Error - PO Number already exists')).toBeTruthy();
  });

  it('counts down each second and disappears at 0', async () => {
    const toasts = renderToasts();
    act(() => {
      toasts.show({ message: 'Added to cart', time: 3 });
    });
    expect(dismissButton().textContent).toBe('Dismiss (3)');
    await seconds(1);
    expect(dismissButton().textContent).toBe('Dismiss (2)');
    await seconds(1);
    expect(dismissButton().textContent).toBe('Dismiss (1)');
    await seconds(1);
    expect(screen.queryByText('Added to cart')).toBeNull();
  });

  it('lasts 5 seconds by default', async () => {
    const toasts = renderToasts();
    act(() => {
      toasts.show({ message: 'Added to cart' });
    });
    await seconds(4);
    expect(dismissButton().textContent).toBe('Dismiss (1)');
    await seconds(1);
    expect(screen.queryByText('Added to cart')).toBeNull();
  });

  it('pauses while the pointer is over it and resumes when it leaves', async () => {
    const toasts = renderToasts();
    act(() => {
      toasts.show({ message: 'Added to cart' });
    });
    await seconds(1);
    fireEvent.pointerEnter(toastOf('Added to cart'));
    await seconds(10);
    expect(dismissButton().textContent).toBe('Dismiss (4)');
    fireEvent.pointerLeave(toastOf('Added to cart'));
    await seconds(1);
    expect(dismissButton().textContent).toBe('Dismiss (3)');
  });

  it('pauses while it has keyboard focus', async () => {
    const toasts = renderToasts();
    act(() => {
      toasts.show({ message: 'Added to cart' });
    });
    act(() => dismissButton().focus());
    await seconds(10);
    expect(dismissButton().textContent).toBe('Dismiss (5)');
    act(() => dismissButton().blur());
    await seconds(1);
    expect(dismissButton().textContent).toBe('Dismiss (4)');
  });

  it('can be dismissed by hand, by its button or by id', () => {
    const toasts = renderToasts();
    let id = '';
    act(() => {
      toasts.show({ message: 'First' });
      id = toasts.show({ message: 'Second', mode: 'sticky' });
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(screen.queryByText('First')).toBeNull();
    act(() => toasts.dismiss(id));
    expect(screen.queryByText('Second')).toBeNull();
  });

  it('has no countdown when sticky', async () => {
    const toasts = renderToasts();
    act(() => {
      toasts.show({ message: 'Your session expired', mode: 'sticky' });
    });
    expect(dismissButton().textContent).toBe('Dismiss');
    await seconds(60);
    expect(screen.getByText('Your session expired')).toBeTruthy();
  });

  it('restarts a visible toast with the same message and variant instead of stacking it', async () => {
    const toasts = renderToasts();
    let first = '';
    let again = '';
    act(() => {
      first = toasts.show({ message: 'Added to cart' });
    });
    await seconds(2.5);
    act(() => {
      again = toasts.show({ message: 'Added to cart' });
      toasts.show({ message: 'Added to cart', variant: 'success' });
    });
    expect(again).toBe(first);
    expect(screen.getAllByText('Added to cart')).toHaveLength(2);
    const restarted = screen.getAllByRole('button', { name: 'Dismiss' })[0]!;
    expect(restarted.textContent).toBe('Dismiss (5)');
    // A full second from the restart, not from the toast's old rhythm.
    await seconds(0.6);
    expect(restarted.textContent).toBe('Dismiss (5)');
    await seconds(0.4);
    expect(restarted.textContent).toBe('Dismiss (4)');
  });

  it('stacks newest last and keeps the 5 newest', () => {
    const toasts = renderToasts();
    act(() => {
      for (const n of [1, 2, 3, 4, 5, 6]) toasts.show({ message: `Toast ${n}` });
    });
    expect([...region().querySelectorAll('.toast__message')].map((message) => message.textContent)).toEqual([
      'Toast 2',
      'Toast 3',
      'Toast 4',
      'Toast 5',
      'Toast 6',
    ]);
  });
});
