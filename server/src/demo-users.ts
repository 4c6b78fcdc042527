import { createHash } from 'node:crypto';
import { type DomainDetails, usesSingleSignOn } from '@storefront/contracts';
import type { ContactSeed } from '@storefront/crm';
import type { Database } from '@storefront/database';
import { ensureDemoFederation, ensureUser, ensureUserPool, type UserDefinition } from '@storefront/identity';

/** A sign-in user of the demo, printed by the run command. */
export interface DemoUser {
  storefront: string;
  username: string;
  /** Null: the user signs in through single sign-on, at the demo identity provider. */
  password: string | null;
  role: string;
}

interface DemoAccount {
  id: string;
  name: string;
  storefrontDomain: string;
  isGuest: boolean;
}

/** Base32; an authenticator app (or the browser tests) computes this user's codes from it. */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export type Profile = Omit<UserDefinition, 'poolId' | 'attributes' | 'email'> & { role: string };

/** The users of the demo account of the guest storefront (spec P§6 roles), and one of the partner portal. */
export const DEMO_PROFILES: Record<string, Profile[]> = {
  'Halvorsen Research Institute': [
    {
      role: 'manager',
      username: 'manager@halvorsen.example',
      password: 'Demo-Manager-2026!',
      givenName: 'Ingrid',
      familyName: 'Halvorsen',
      groups: ['AWSManager'],
      status: 'CONFIRMED',
    },
    {
      role: 'portal user',
      username: 'buyer@halvorsen.example',
      password: 'Demo-Buyer-2026!',
      givenName: 'Tomas',
      familyName: 'Lind',
      groups: ['AWSPortalUser'],
      status: 'CONFIRMED',
    },
    {
      role: 'portal user (purchasing)',
      username: 'purchasing@halvorsen.example',
      password: 'Demo-Purchasing-2026!',
      givenName: 'Sofie',
      familyName: 'Strand',
      groups: ['AWSPortalUser'],
      status: 'CONFIRMED',
    },
    {
      role: `portal user with authenticator MFA (secret ${DEMO_TOTP_SECRET})`,
      username: 'lab@halvorsen.example',
      password: 'Demo-Lab-2026!',
      givenName: 'Maren',
      familyName: 'Dahl',
      groups: ['AWSPortalUser'],
      status: 'CONFIRMED',
      totpSecret: DEMO_TOTP_SECRET,
    },
    {
      role: 'portal user buying for the related sites (Cambridge campus, sequencing core)',
      username: 'sites@halvorsen.example',
      password: 'Demo-Sites-2026!',
      givenName: 'Priya',
      familyName: 'Raman',
      groups: ['AWSPortalUser'],
      status: 'CONFIRMED',
    },
    {
      role: 'portal user with a monthly spending limit of 5,000 (manager@halvorsen.example approves orders over it)',
      username: 'grants@halvorsen.example',
      password: 'Demo-Grants-2026!',
      givenName: 'Elsa',
      familyName: 'Nygaard',
      groups: ['AWSPortalUser'],
      status: 'CONFIRMED',
    },
    {
      role: 'portal user who must set a new password',
      username: 'newhire@halvorsen.example',
      password: 'Temp-Start-2026!',
      givenName: 'Jonas',
      familyName: 'Berg',
      groups: ['AWSPortalUser'],
      status: 'FORCE_CHANGE_PASSWORD',
    },
  ],
  // The Toronto lab orders from its Install Base catalogue: the parts and consumables of its instruments.
  'Halvorsen Research Institute Toronto': [
    {
      role: 'manager of a lab ordering from its Install Base catalogue',
      username: 'toronto@halvorsen.example',
      password: 'Demo-Toronto-2026!',
      givenName: 'Amara',
      familyName: 'Okafor',
      groups: ['AWSManager'],
      status: 'CONFIRMED',
    },
  ],
  // A university core facility with an address book of its own (the browser tests of the book use it alone).
  'Marlowe Genomics Core': [
    {
      role: 'portal user',
      username: 'buyer@marlowe.example',
      password: 'Demo-Marlowe-2026!',
      givenName: 'Noah',
      familyName: 'Whitfield',
      groups: ['AWSPortalUser'],
      status: 'CONFIRMED',
    },
  ],
  'Kestrel Diagnostics GmbH': [
    {
      role: 'manager',
      username: 'manager@kestrel.example',
      password: 'Demo-Kestrel-2026!',
      givenName: 'Lena',
      familyName: 'Vogt',
      groups: ['AWSManager'],
      status: 'CONFIRMED',
    },
  ],
  // Single sign-on storefronts: their people sign in at the demo identity provider and join the account as
  // portal users; a manager with a password sees them in the users screen, without activate, deactivate or
  // reset (spec P§5).
  'Aurora Cell Therapeutics': [
    {
      role: 'manager of the single sign-on users',
      username: 'manager@aurora.example',
      password: 'Demo-Aurora-2026!',
      givenName: 'Hana',
      familyName: 'Sato',
      groups: ['AWSManager'],
      status: 'CONFIRMED',
    },
  ],
  'Northfield University Hospital': [
    {
      role: 'manager of the single sign-on users',
      username: 'manager@northfield.example',
      password: 'Demo-Northfield-2026!',
      givenName: 'Owen',
      familyName: 'Price',
      groups: ['AWSManager'],
      status: 'CONFIRMED',
    },
  ],
  // Its storefront's app client asks for a code sent by email after the password (the custom flow).
  'Corvid Clinical Laboratories': [
    {
      role: 'manager; a sign-in code follows by email: SMTP_URL, or /identity/mailbox under NODE_ENV=development',
      username: 'manager@corvid.example',
      password: 'Demo-Corvid-2026!',
      givenName: 'Elif',
      familyName: 'Aydin',
      groups: ['AWSManager'],
      status: 'CONFIRMED',
    },
  ],
};

/** Each demo user is a contact of its account, so each has a cart of its own; derived, so stable across starts. */
export function demoContactId(username: string): string {
  return `003${createHash('sha256').update(username).digest('hex').slice(0, 12).toUpperCase()}AAA`;
}

/** The contact of every demo user of the seeded accounts, for the CRM's demo notifications. */
export function demoRecipients(accounts: DemoAccount[]): { accountId: string; contactId: string }[] {
  return accounts.flatMap((account) =>
    (DEMO_PROFILES[account.name] ?? []).map((profile) => ({
      accountId: account.id,
      contactId: demoContactId(profile.username),
    })),
  );
}

/**
 * Gives every demo storefront its user pool and app client (a single sign-on one federated to the demo
 * identity provider of this process's user pools, at http://localhost:{port}/identity), and the demo accounts
 * their users; safe on every start (existing pools are updated, existing users left alone).
 */
export async function ensureDemoUsers(
  database: Database,
  storefronts: DomainDetails[],
  accounts: DemoAccount[],
  port: number,
): Promise<DemoUser[]> {
  for (const storefront of storefronts) {
    const origin = `http://${storefront.domain}:${port}`;
    await ensureUserPool(database, {
      poolId: storefront.awsUserPoolId,
      name: storefront.storefrontName,
      clientId: storefront.clientId,
      clientName: storefront.clientName,
      callbackUrls: [`${origin}/`],
      logoutUrls: [`${origin}/`, `${origin}/login`],
      // Sign-ins register the browser as a device; one the user remembers in the profile skips MFA.
      deviceTracking: true,
      // A storefront whose sign-in runs the custom flow: the password, then a code sent by email.
      ...(storefront.ssoInfo?.authFlowType === 'CUSTOM_WITH_SRP' ? { customChallenge: 'EMAIL_CODE' } : {}),
    });
  }
  const users: DemoUser[] = [];
  for (const storefront of storefronts.filter(({ clientName }) => usesSingleSignOn(clientName))) {
    const account = accounts.find((candidate) => candidate.storefrontDomain === storefront.domain);
    if (!account) continue;
    const type = /^saml/i.test(storefront.clientName) ? 'SAML' : 'OIDC';
    await ensureDemoFederation(database, {
      poolId: storefront.awsUserPoolId,
      type,
      issuerBase: `http://localhost:${port}/identity`,
      groups: ['AWSPortalUser'],
      attributes: userAttributes(storefront, account.id),
    });
    users.push({
      storefront: storefront.storefrontName,
      username: 'any name and email address',
      password: null,
      role: `a new portal user of ${account.name}, signed in by the demo identity provider over ${type}`,
    });
  }
  for (const account of accounts) {
    const storefront = storefronts.find((candidate) => candidate.domain === account.storefrontDomain);
    const profiles = DEMO_PROFILES[account.name];
    if (!storefront || !profiles) continue;
    for (const { role, ...profile } of profiles) {
      await ensureUser(database, {
        ...profile,
        poolId: storefront.awsUserPoolId,
        email: profile.username,
        attributes: {
          ...userAttributes(storefront, account.id),
          'custom:salesforceContactId': demoContactId(profile.username),
        },
      });
      users.push({
        storefront: storefront.storefrontName,
        username: profile.username,
        password: profile.password,
        role,
      });
    }
  }
  return users;
}

/** The attributes that tie a user of a storefront's pool to the account in the CRM. */
function userAttributes(storefront: DomainDetails, accountId: string): Record<string, string> {
  return {
    'custom:salesforceAccountId': accountId,
    'custom:salesforceOrgId': storefront.salesforceOrgId,
    'custom:local': 'en_US',
  };
}

/** The CRM contact each demo user is (demoContactId), of the user's account, linked to the pool user. */
export function demoContacts(storefronts: DomainDetails[], accounts: DemoAccount[]): ContactSeed[] {
  return accounts.flatMap((account) => {
    const storefront = storefronts.find((candidate) => candidate.domain === account.storefrontDomain);
    if (!storefront) return [];
    return (DEMO_PROFILES[account.name] ?? []).map((profile) => ({
      id: demoContactId(profile.username),
      accountId: account.id,
      firstName: profile.givenName ?? '',
      lastName: profile.familyName ?? '',
      email: profile.username,
      awsUserId: `${profile.username}${storefront.storefrontId}`,
      portalUserActive: true,
    }));
  });
}
