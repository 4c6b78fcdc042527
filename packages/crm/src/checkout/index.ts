/** What other capabilities use of checkout: they import it from here, never from its files. */

export { type ApprovedOrder, placeApprovedOrder } from './handlers/checkout';
export { deleteLocation, findLocation, findLocations, type LocationRow } from './queries/addresses';
export { accountAddressRecord, locationRecord } from './rules/addresses';
