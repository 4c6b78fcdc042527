/** The heading of a missing page (spec P§2). */
export const PAGE_NOT_FOUND = 'Page Not Found';

/**
 * 'Page Not Found: {path}' (spec P§2). Apart from MESSAGES, so the error handling every page carries in the
 * browser does not bring all of them.
 */
export function pageNotFoundMessage(path: string): string {
  return `${PAGE_NOT_FOUND}: ${path}`;
}
