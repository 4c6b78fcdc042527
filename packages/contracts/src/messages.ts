import { PAGE_NOT_FOUND } from './page-not-found';

/** Texts a person sees, quoted verbatim from the specification. */
export const MESSAGES = {
  appSyncFetchError: 'Error fetching data from AppSync.',
  queryNameNotFound: 'Query name not found, improper request.',
  storefrontNotFound: 'Storefront Not Found',
  pageNotFound: PAGE_NOT_FOUND,
  noRecordsFound: 'ERROR: No records Found.',
  noTemplateFound: 'ERROR: No template found',
  accessDenied: 'Access Denied: You do not have permission to view this record.',
  notAuthorized: 'You are not authorized to access this page',
  sessionExpired: 'Session Expired, Please login again',
  fieldFetchFailed: 'Failed to fetch Salesforce API field.',
  notAvailableYet: 'Not available yet: this capability is not part of the storefront yet.',
  /** C§8: an address save that failed without saying why. */
  unknownError: 'Unknown Error. Please try again',
  /** C§8: the ship-to (in-behalf, C§1) account that could not be saved. */
  shippingAddressNotSaved: 'Shipping Address not saved',
} as const;
