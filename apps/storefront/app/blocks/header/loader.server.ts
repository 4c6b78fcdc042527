import type { BlockLoader } from '../loader-types.server';

/**
 * The header shows what the viewer's cart comes to, so it is in sight on every page, and a signed-in
 * viewer's notifications not yet seen. Both are deferred: the page does not wait for them, and neither read
 * ever fails (a failure is null). The page started them with the template's blocks (`pageReads`).
 */
export const loadHeader: BlockLoader<'header'> = async ({ header }) => header();
