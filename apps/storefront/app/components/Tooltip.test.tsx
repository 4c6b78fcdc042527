import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TOOLTIP_WIDTH_PX, Tooltip } from './Tooltip';

afterEach(cleanup);

describe('Tooltip', () => {
  it('shows its text 130 pixels wide while its button has the focus or the pointer, and Escape hides it', () => {
    render(<Tooltip id="grant-help" label="Help: Grant number" text="Printed on the invoice." />);
    const button = screen.getByRole('button', { name: 'Help: Grant number' });
    // Described by the text even while it is hidden, as a screen reader announces the button.
    expect(button.getAttribute('aria-describedby')).toBe('grant-help');
    expect(document.getElementById('grant-help')?.textContent).toBe('Printed on the invoice.');
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.focus(button);
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('Printed on the invoice.');
    expect(tip.style.width).toBe(`${TOOLTIP_WIDTH_PX}px`);
    expect(TOOLTIP_WIDTH_PX).toBe(130);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.mouseEnter(button);
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.mouseLeave(button);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('takes another width when given one', () => {
    render(<Tooltip id="wide" label="Help" text="A longer explanation." width={240} />);
    fireEvent.focus(screen.getByRole('button', { name: 'Help' }));
    expect(screen.getByRole('tooltip').style.width).toBe('240px');
  });
});
