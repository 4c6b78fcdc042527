import type { TemplateMeta } from '@storefront/contracts/blocks';
import { sitePath } from '../../lib/paths';

/**
 * Where 'Continue shopping' goes (spec C§4): the first template that names a continue-shopping template,
 * else the portal home. A name is a page of the storefront (/name); a value starting with '/' is a path.
 */
export function continueShoppingPath(
  templates: readonly { meta: Pick<TemplateMeta, 'Continue_Shopping_Template'> }[],
  origin: string,
): string {
  for (const { meta } of templates) {
    const target = meta.Continue_Shopping_Template?.trim();
    if (!target) continue;
    // Only paths of this storefront: never another origin, so the link cannot lead off-site.
    const path = target.startsWith('/') ? sitePath(target, origin) : null;
    if (path) return path;
    if (/^[\w-]+$/.test(target)) return `/${target}`;
  }
  return '/';
}
