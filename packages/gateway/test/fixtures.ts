import type { DomainDetails } from '@storefront/contracts';
import type { Principal } from '../src/principal';

/** A guest-accessible storefront as resolveDomain returns it. */
export const storefront: DomainDetails = {
  domain: 'shop.example',
  clientId: 'client-1',
  clientName: 'demo',
  guestAccountId: 'acc-guest',
  awsUserPoolId: 'eu-west-1_pool',
  storefrontId: 'stf-1',
  storefrontName: 'Demo',
  resourcesDomain: 'https://cdn.example',
  organizationId: 'org-1',
  salesforceOrgId: 'sf-org-1',
  ssoInfo: null,
  theme: {
    key: 'theme',
    primaryColor: '#003366',
    accentColor: '#ff6600',
    textColor: '#111111',
    backgroundColor: '#ffffff',
    fontFamily: 'Inter',
    logoUrl: '/logo.svg',
  },
};

export const guest: Principal = {
  userType: 'AWSGuest',
  accountId: 'acc-guest',
  accountIds: ['acc-guest'],
  homeAccountId: 'acc-guest',
  shipToAccountId: null,
  contactId: null,
  username: null,
  storefront,
  guestCartSecret: null,
};
