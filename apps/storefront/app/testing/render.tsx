import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createRoutesStub } from 'react-router';

/** Renders `element` at `url` inside a router, as the route pattern `path` would. */
export function renderAt(element: ReactElement, url = '/', path = '*') {
  // biome-ignore lint/correctness/noComponentHookFactories: a one-off route stub per rendered test element.
  const Stub = createRoutesStub([{ path, Component: () => element }]);
  return render(<Stub initialEntries={[url]} />);
}
