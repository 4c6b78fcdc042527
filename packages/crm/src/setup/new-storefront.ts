import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { salesforceId } from '../core/ids';
import { slugify } from '../core/slug';
import type { CrmDb } from '../db/open';
import * as schema from '../db/schema';
import { createOperationsKey } from '../operations';
import { storefrontTemplates } from '../seed/template-rows';

/** What an operator gives `npm run storefront -- create`. */
export interface NewStorefront {
  name: string;
  /** The host buyers reach it at (shop.example.com, or host:port). */
  host: string;
  /** ISO 4217, e.g. USD. */
  currency: string;
  /** Guests browse and buy; false: sign-in only. */
  guestAccessible: boolean;
  /** The company the first manager buys for. */
  accountName: string;
  manager: { email: string; givenName: string; familyName: string };
  /** The supplier's company; the first storefront names the organisation every later one shares. */
  organisationName: string;
  /** Where the pages send buyers for help: an address, and a phone line or null. */
  support: { email: string; phone: string | null };
  /**
   * The sender of the storefront's order mail (an address or `Name <address>`) and the address replies go to;
   * null: the process's MAIL_FROM and no reply-to address (docs/decisions/0055-mail-senders.md).
   */
  mail?: { from: string | null; replyTo: string | null };
}

export interface CreatedStorefront {
  storefrontId: string;
  salesforceOrgId: string;
  awsUserPoolId: string;
  clientId: string;
  clientName: string;
  accountId: string;
  contactId: string;
  /** The key the supplier's ERP calls the operations API with (shown once). */
  operationsKey: string;
}

export class StorefrontExists extends Error {}

/** A fresh Salesforce-style id: random record numbers, so ids never meet the demo's numbered ones. */
const newId = (prefix: string) => salesforceId(prefix, randomInt(2 ** 47));
const CLIENT_ID_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Makes a storefront ready to serve, in one transaction: its organisation (the first time), theme, page
 * templates, Full catalogue (empty until a catalogue is imported), guest account when guests may buy, purchase
 * order settings, the first manager's account and contact, and an operations key. The user pool and the
 * manager's sign-in user are made by the caller, in the identity service.
 */
export async function createStorefront(db: CrmDb, input: NewStorefront): Promise<CreatedStorefront> {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: schema.storefronts.id })
      .from(schema.storefronts)
      .where(eq(schema.storefronts.domain, input.host));
    if (taken) throw new StorefrontExists(`A storefront already answers at ${input.host}.`);
    const organisation = await organisationOf(tx, input.organisationName);
    const storefrontId = newId('a0S');
    const slug = slugify(input.name) || 'storefront';
    const themeKey = `${slug}-${storefrontId.slice(-6).toLowerCase()}`;
    await tx.insert(schema.themes).values({
      key: themeKey,
      storefront: storefrontId,
      values: {
        primaryColor: '#0b5fa5',
        accentColor: '#12a38a',
        textColor: '#1d2733',
        backgroundColor: '#ffffff',
        fontFamily: "'Inter', 'Helvetica Neue', Arial, sans-serif",
        logoUrl: '/logo.svg',
      },
    });
    const clientId = Array.from(
      { length: 26 },
      () => CLIENT_ID_CHARS[randomInt(CLIENT_ID_CHARS.length)],
    ).join('');
    const created = {
      awsUserPoolId: `us-east-1_${storefrontId.slice(3, 12)}`,
      clientId,
      clientName: `${slug}-web`,
    };
    await tx.insert(schema.storefronts).values({
      id: storefrontId,
      organisationId: organisation.id,
      name: input.name,
      domain: input.host,
      resourcesDomain: input.host,
      ...created,
      themeKey,
      mailFrom: input.mail?.from ?? null,
      mailReplyTo: input.mail?.replyTo ?? null,
    });
    const supplier = {
      name: organisation.name,
      supportEmail: input.support.email,
      supportPhone: input.support.phone,
    };
    const templates = storefrontTemplates(storefrontId, input.guestAccessible, supplier, () => newId('a0T'));
    await tx.insert(schema.templates).values(templates.rows);
    await tx.insert(schema.purchaseOrderSettings).values({ storefrontId });
    await tx.insert(schema.metaItems).values(
      [
        ['site', input.name],
        ['robots', input.guestAccessible ? 'index, follow' : 'noindex, nofollow'],
        ['favicon', '/favicon.svg'],
      ].map(([key = '', value = '']) => ({
        id: newId('a0M'),
        organisationId: organisation.id,
        storefrontId,
        key,
        value,
      })),
    );
    await tx.insert(schema.catalogues).values({
      id: newId('a0C'),
      storefrontId,
      accountId: null,
      name: `${input.name} Catalogue`,
      type: 'Full',
      priceSource: 'List Price',
      currency: input.currency,
    });
    const account = { organisationId: organisation.id, storefrontId, currency: input.currency };
    if (input.guestAccessible) {
      const guestAccountId = newId('001');
      await tx
        .insert(schema.accounts)
        .values({ id: guestAccountId, name: `${input.name} Guests`, isGuest: true, ...account });
      await tx
        .update(schema.storefronts)
        .set({ guestAccountId })
        .where(eq(schema.storefronts.id, storefrontId));
    }
    const accountId = newId('001');
    await tx.insert(schema.accounts).values({ id: accountId, name: input.accountName, ...account });
    const contactId = newId('003');
    await tx.insert(schema.contacts).values({
      id: contactId,
      accountId,
      firstName: input.manager.givenName,
      lastName: input.manager.familyName,
      email: input.manager.email,
      awsUserId: `${input.manager.email}${storefrontId}`,
      portalUserActive: true,
    });
    const operationsKey = await createOperationsKey(tx, storefrontId, 'ERP');
    return {
      storefrontId,
      salesforceOrgId: organisation.salesforceOrgId,
      ...created,
      accountId,
      contactId,
      operationsKey,
    };
  });
}

async function organisationOf(tx: CrmDb, name: string) {
  const [existing] = await tx.select().from(schema.organisations).limit(1);
  if (existing) return existing;
  const organisation = { id: newId('a0R'), name, salesforceOrgId: newId('00D') };
  await tx.insert(schema.organisations).values(organisation);
  return organisation;
}

/** The storefront answering at a host, for the operator's commands. */
export async function findStorefrontAt(
  db: CrmDb,
  host: string,
): Promise<{ id: string; name: string; mailFrom: string | null; mailReplyTo: string | null } | undefined> {
  const [row] = await db
    .select({
      id: schema.storefronts.id,
      name: schema.storefronts.name,
      mailFrom: schema.storefronts.mailFrom,
      mailReplyTo: schema.storefronts.mailReplyTo,
    })
    .from(schema.storefronts)
    .where(eq(schema.storefronts.domain, host));
  return row;
}
