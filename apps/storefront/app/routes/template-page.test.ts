import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadBlockCode } from '../blocks/registry';
import { clientLoader } from './template-page';

vi.mock('../blocks/registry', () => ({ loadBlockCode: vi.fn() }));
vi.mock('../blocks/TemplatePage', () => ({ TemplatePage: () => null }));
vi.mock('../blocks/page.server', () => ({ loadTemplatePage: vi.fn() }));

const page = { sections: [] };
type Args = Parameters<typeof clientLoader>[0];
const navigation = (path: string) =>
  ({ request: new Request(`http://localhost${path}`), serverLoader: async () => page }) as unknown as Args;

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('a navigation whose blocks’ code is gone (a new version was deployed)', () => {
  it('loads the page as a new document once, and shows the error if its code is still missing', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const missing = new TypeError('Failed to fetch dynamically imported module');
    vi.mocked(loadBlockCode).mockRejectedValue(missing);

    const leaving = clientLoader(navigation('/checkout?step=2'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout?step=2'));
    void leaving;

    // Reloaded just now and still missing: no loop, the error page shows it.
    await expect(clientLoader(navigation('/checkout?step=2'))).rejects.toBe(missing);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('shows the page when its code loads', async () => {
    vi.mocked(loadBlockCode).mockResolvedValue(undefined);
    await expect(clientLoader(navigation('/cart'))).resolves.toBe(page);
  });
});
