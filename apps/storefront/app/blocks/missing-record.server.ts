import { GatewayCallError } from '../lib/gateway';

/**
 * Thrown by a block loader when the record its route names (a product, an offer, a quote) does not exist, or
 * no record is named: the page's existence check (spec P§2), which the page answers as the 404 'Page Not
 * Found: {path}' with the URL kept, instead of an empty page with a 200.
 */
export class MissingRecord extends Error {
  constructor() {
    super('The record this page names does not exist.');
    this.name = 'MissingRecord';
  }
}

/**
 * Whether a failed call says there is no record: the CRM found none (404), or the id it was given, in the
 * payload field `idField`, cannot name one (400).
 */
export function namesNoRecord(error: unknown, idField: string): boolean {
  if (!(error instanceof GatewayCallError)) return false;
  return error.status === 404 || (error.status === 400 && error.field === idField);
}
