import { createContext } from 'react';

/**
 * Whether a cart change reloads the page's data: yes where the page shows the cart (its lines, its checkout),
 * so it shows the CRM's prices; a catalogue page keeps its data and its header takes the new total from the
 * action's answer (docs/decisions/0042). Pages that say nothing reload, as React Router does by default.
 */
export const CartChangeReloadsPage = createContext(true);
