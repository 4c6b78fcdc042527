/**
 * "Add to list" as the product block loads it (lazy-part.tsx): a module of its own, so that the build names
 * its chunks for the page's head as it does for every module loaded with `import()`. The cart, orders and
 * quick order import the control itself, which puts it in a chunk they share.
 */
export { AddToList } from '../../features/requisition-lists/AddToList';
