/** What other capabilities use of events: they import it from here, never from its files. */
export { EVENT_OPERATIONS } from './operations';
export { type BusinessEventInput, recordBusinessEvent } from './record';
