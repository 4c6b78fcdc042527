import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createRoutesStub } from 'react-router';
import { ToastProvider } from '../components/toast/Toasts';

/** Renders `element` at `url` inside a router and the toasts, as the route pattern `path` would. */
export function renderAt(element: ReactElement, url = '/', path = '*') {
  // biome-ignore lint/correctness/noComponentHookFactories: a one-off route stub per rendered test element.
  const Stub = createRoutesStub([{ path, Component: () => <ToastProvider>{element}</ToastProvider> }]);
  return render(<Stub initialEntries={[url]} />);
}
