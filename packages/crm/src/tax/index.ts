/** What other capabilities use of tax: they import it from here, never from its files. */
export { taxLockedQuote } from './handlers/tax';
