import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { createRoutesStub, Link } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusOnNavigate } from './use-focus-on-navigate';

afterEach(cleanup);

function Page({ name }: { name: string }) {
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigate(main);
  return (
    <>
      <Link to="/b">to b</Link>
      <Link to="/a#details">to anchor</Link>
      <main ref={main} tabIndex={-1} aria-label={name} />
    </>
  );
}

const PageA = () => <Page name="page a" />;
const PageB = () => <Page name="page b" />;

describe('useFocusOnNavigate', () => {
  it('leaves focus alone on the first page, then focuses main after navigating', async () => {
    const Stub = createRoutesStub([
      { path: '/a', Component: PageA },
      { path: '/b', Component: PageB },
    ]);
    render(<Stub initialEntries={['/a']} />);
    expect(document.activeElement).toBe(document.body);
    await act(async () => screen.getByRole('link', { name: 'to b' }).click());
    expect(document.activeElement).toBe(screen.getByRole('main', { name: 'page b' }));
    screen.getByRole('link', { name: 'to anchor' }).focus();
    await act(async () => screen.getByRole('link', { name: 'to anchor' }).click());
    expect(document.activeElement).not.toBe(screen.getByRole('main', { name: 'page a' }));
  });
});
