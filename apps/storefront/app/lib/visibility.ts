/**
 * Who sees a section or block (spec P§5): empty or ALL everyone; GUEST only guests; AUTHENTICATED or
 * 'LOGGED IN' only signed-in users. Any other value hides it, so a typo never shows content to the wrong
 * audience.
 */
export function isVisibleTo(visibility: string | null | undefined, viewer: { isGuest: boolean }): boolean {
  const value = visibility?.trim().toUpperCase() ?? '';
  if (value === '' || value === 'ALL') return true;
  if (value === 'GUEST') return viewer.isGuest;
  if (value === 'AUTHENTICATED' || value === 'LOGGED IN') return !viewer.isGuest;
  return false;
}
