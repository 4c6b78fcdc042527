import { type ReactNode, Suspense } from 'react';
import { Await } from 'react-router';

/**
 * Deferred loader data (docs/decisions/0042): the page streams without it, and it shows where it belongs
 * once read. Until then, and if it ever fails, the spot stays quiet: deferred data is never the page's error.
 */
export function Deferred<T>({ value, children }: { value: Promise<T>; children: (value: T) => ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Await resolve={value} errorElement={null}>
        {children}
      </Await>
    </Suspense>
  );
}
