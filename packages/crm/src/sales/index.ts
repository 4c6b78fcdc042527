/** What other capabilities use of sales: they import it from here, never from its files. */
export { matchRows } from './handlers/catalogue-match';
