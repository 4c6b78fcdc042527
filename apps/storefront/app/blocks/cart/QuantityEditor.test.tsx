import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseQuantity, QuantityEditor } from './QuantityEditor';

const NAME = 'Anti-Human CD4 Antibody, FITC';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderEditor(qty = 3) {
  const onChange = vi.fn();
  const editor = (current: number, settled: unknown = null) => (
    <QuantityEditor qty={current} itemName={NAME} busy={false} settled={settled} onChange={onChange} />
  );
  const view = render(editor(qty));
  const input = () => screen.getByRole('textbox', { name: `Quantity of ${NAME}` }) as HTMLInputElement;
  const rerender = (next: number, settled: unknown = null) => view.rerender(editor(next, settled));
  return { onChange, input, rerender };
}

const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('QuantityEditor', () => {
  it("shows the CRM's quantity", () => {
    const { input } = renderEditor(3);
    expect(input().value).toBe('3');
    expect(input().getAttribute('aria-invalid')).toBe('false');
  });

  it('sends a typed quantity once typing has paused for 500 ms, not before', () => {
    const { onChange, input } = renderEditor(3);
    type(input(), '12');
    wait(499);
    expect(onChange).not.toHaveBeenCalled();
    wait(1);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(12);
    wait(2000);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('sends only the last of several quick keystrokes', () => {
    const { onChange, input } = renderEditor(3);
    type(input(), '1');
    wait(300);
    type(input(), '12');
    wait(300);
    type(input(), '120');
    wait(499);
    expect(onChange).not.toHaveBeenCalled();
    wait(1);
    expect(onChange.mock.calls).toEqual([[120]]);
  });

  it("sends nothing when the typed quantity is back to the CRM's", () => {
    const { onChange, input } = renderEditor(3);
    type(input(), '4');
    wait(200);
    type(input(), '3');
    wait(1000);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('steps with + and − and sends one update for several steps', () => {
    const { onChange, input } = renderEditor(3);
    const increase = screen.getByRole('button', { name: `Increase quantity of ${NAME}` });
    const decrease = screen.getByRole('button', { name: `Decrease quantity of ${NAME}` });
    fireEvent.click(increase);
    fireEvent.click(increase);
    fireEvent.click(increase);
    expect(input().value).toBe('6');
    wait(300);
    fireEvent.click(decrease);
    expect(input().value).toBe('5');
    wait(499);
    expect(onChange).not.toHaveBeenCalled();
    wait(1);
    expect(onChange.mock.calls).toEqual([[5]]);
  });

  it('does not step below 1', () => {
    const { onChange, input } = renderEditor(1);
    fireEvent.click(screen.getByRole('button', { name: `Decrease quantity of ${NAME}` }));
    expect(input().value).toBe('1');
    wait(1000);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('steps from the typed quantity', () => {
    const { onChange, input } = renderEditor(3);
    type(input(), '10');
    fireEvent.click(screen.getByRole('button', { name: `Increase quantity of ${NAME}` }));
    expect(input().value).toBe('11');
    wait(500);
    expect(onChange.mock.calls).toEqual([[11]]);
  });

  it.each([
    ['', 'Enter a whole number.'],
    ['abc', 'Enter a whole number.'],
    ['2.5', 'Enter a whole number.'],
    ['0x10', 'Enter a whole number.'],
    ['1e3', 'Enter a whole number.'],
    ['0', 'Enter 1 or more, or remove the line.'],
    ['-2', 'Enter 1 or more, or remove the line.'],
    ['100001', 'Enter 100,000 or less.'],
  ])('an entry of %j shows %j and sends nothing', (text, message) => {
    const { onChange, input } = renderEditor(3);
    type(input(), text);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('aria-describedby')).toBe(alert.id);
    wait(2000);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('an invalid entry cancels the valid one still waiting', () => {
    const { onChange, input } = renderEditor(3);
    type(input(), '8');
    wait(300);
    type(input(), '8x');
    wait(2000);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('the message goes once the entry is corrected', () => {
    const { onChange, input } = renderEditor(3);
    type(input(), 'abc');
    expect(screen.getByRole('alert')).toBeTruthy();
    type(input(), '7');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input().getAttribute('aria-describedby')).toBeNull();
    wait(500);
    expect(onChange.mock.calls).toEqual([[7]]);
  });

  it("replaces the text with the CRM's new quantity when no edit is waiting", () => {
    const { input, rerender } = renderEditor(3);
    rerender(9);
    expect(input().value).toBe('9');
  });

  it("keeps an edit that is still waiting when the CRM's quantity changes", () => {
    const { onChange, input, rerender } = renderEditor(3);
    type(input(), '5');
    wait(200);
    rerender(9);
    expect(input().value).toBe('5');
    wait(300);
    expect(onChange.mock.calls).toEqual([[5]]);
  });

  it("shows the CRM's quantity again when it refused the update", () => {
    const { input, onChange, rerender } = renderEditor(3);
    type(input(), '25');
    wait(500);
    expect(onChange.mock.calls).toEqual([[25]]);
    rerender(3, { ok: false, message: 'Refused' });
    expect(input().value).toBe('3');
  });

  it('sends nothing once unmounted', () => {
    const onChange = vi.fn();
    const view = render(
      <QuantityEditor qty={3} itemName={NAME} busy={false} settled={null} onChange={onChange} />,
    );
    type(screen.getByRole('textbox') as HTMLInputElement, '4');
    view.unmount();
    wait(1000);
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('parseQuantity', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    [' 7 ', 7],
    ['100000', 100_000],
  ])('%j is %d', (text, qty) => {
    expect(parseQuantity(text)).toEqual({ qty });
  });

  it.each([
    ['', 'Enter a whole number.'],
    ['   ', 'Enter a whole number.'],
    ['abc', 'Enter a whole number.'],
    ['2.5', 'Enter a whole number.'],
    ['0x10', 'Enter a whole number.'],
    ['1e3', 'Enter a whole number.'],
    ['0', 'Enter 1 or more, or remove the line.'],
    ['-3', 'Enter 1 or more, or remove the line.'],
    ['100001', 'Enter 100,000 or less.'],
  ])('%j: %s', (text, problem) => {
    expect(parseQuantity(text)).toEqual({ problem });
  });
});
