/**
 * `npm run storefront -- create …` makes a storefront, its user pool and app client, and its first manager
 * (mailed a temporary password), and prints the operations key its ERP uses; `npm run storefront -- key` makes
 * another key; `npm run storefront -- list` lists them. They open the database themselves: on the embedded
 * database only while no storefront runs on it (on PostgreSQL at any time).
 */
import { parseArgs } from 'node:util';
import { parseMailbox } from '@storefront/contracts/mail';
import {
  type CrmDatabase,
  createOperationsKey,
  createStorefront,
  describeStorefronts,
  findStorefrontAt,
  openCrm,
  StorefrontExists,
} from '@storefront/crm';
import { type Database, dataDirHolder, openDatabase } from '@storefront/database';
import { createUserPoolAdmin } from '@storefront/gateway';
import { createIdentityApp, ensureUserPool, migrateIdentity } from '@storefront/identity';
import { memorySharedState } from '@storefront/shared-state';
import { Hono } from 'hono';
import { runCommand, UsageError } from './command-line';
import { loadConfig, type ServerConfig } from './config';
import { createLogger } from './logger';

const USAGE = `Usage:
  npm run storefront -- create --name <name> --host <host> --account <company> \\
      --manager-email <email> --manager-name "<given> <family>" [--currency USD] [--access guest|sign-in] \\
      [--organisation <supplier company>] [--support-email <address>] [--support-phone <number>] \\
      [--mail-from "<Name> <address>"] [--reply-to <address>]
  npm run storefront -- key --host <host> [--name ERP]
  npm run storefront -- list`;

const CURRENCY = /^[A-Z]{3}$/;
/** A storefront is found by the host name browsers send, without a port. */
const HOST = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The user pools' admin API inside this process; no socket is opened. */
const EMBEDDED_IDENTITY = 'http://identity.embedded/identity';

async function command(): Promise<string> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      host: { type: 'string' },
      currency: { type: 'string', default: 'USD' },
      access: { type: 'string', default: 'guest' },
      account: { type: 'string' },
      'manager-email': { type: 'string' },
      'manager-name': { type: 'string' },
      organisation: { type: 'string' },
      'support-email': { type: 'string' },
      'support-phone': { type: 'string' },
      'mail-from': { type: 'string' },
      'reply-to': { type: 'string' },
    },
  });
  const config = loadConfig();
  const [verb] = positionals;
  if (verb !== 'create' && verb !== 'key' && verb !== 'list')
    throw new UsageError('Say create, key or list.');
  const database = await openOwnDatabase(config);
  try {
    const crm = await openCrm(database);
    if (verb === 'list') return await list(crm);
    if (verb === 'key') return await key(crm, required(values.host, '--host'), values.name ?? 'ERP');
    return await create(config, database, crm, values);
  } finally {
    await database.close();
  }
}

/** The embedded data dir is one process's: a running storefront keeps it. */
async function openOwnDatabase(config: ServerConfig): Promise<Database> {
  if (!config.databaseUrl) {
    const holder = dataDirHolder(config.dataDir);
    if (holder !== null)
      throw new Error(
        `The storefront running as process ${holder} holds ${config.dataDir}: stop it, run this command, start it again (or use PostgreSQL, DATABASE_URL).`,
      );
  }
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
  });
}

function required(value: string | undefined, flag: string): string {
  if (!value?.trim()) throw new UsageError(`${flag} is required.`);
  return value.trim();
}

async function create(
  config: ServerConfig,
  database: Database,
  crm: CrmDatabase,
  values: Record<string, string | boolean | undefined>,
): Promise<string> {
  const text = (flag: string) => required(values[flag] as string | undefined, `--${flag}`);
  const name = text('name');
  const host = text('host').toLowerCase();
  if (!HOST.test(host))
    throw new UsageError(
      `--host must be a host name such as shop.example.com, without a port (not ${host}).`,
    );
  const currency = text('currency').toUpperCase();
  if (!CURRENCY.test(currency))
    throw new UsageError('--currency must be an ISO 4217 code such as USD or EUR.');
  const access = text('access');
  if (access !== 'guest' && access !== 'sign-in') throw new UsageError('--access must be guest or sign-in.');
  const email = text('manager-email').toLowerCase();
  if (!EMAIL.test(email)) throw new UsageError('--manager-email must be an email address.');
  const [givenName = '', ...family] = text('manager-name').split(/\s+/);
  if (family.length === 0) throw new UsageError('--manager-name must give a given and a family name.');
  const mail = mailOf(values);
  const created = await createStorefront(crm.db, {
    name,
    host,
    currency,
    guestAccessible: access === 'guest',
    accountName: text('account'),
    manager: { email, givenName, familyName: family.join(' ') },
    organisationName: (values.organisation as string | undefined)?.trim() || name,
    support: supportOf(config, values),
    mail,
  }).catch((error: unknown) => {
    if (error instanceof StorefrontExists) throw new UsageError(error.message);
    throw error;
  });

  await migrateIdentity(database);
  const origin = `${/^(localhost|127\.|[^:]*\.localhost)/.test(host) ? 'http' : 'https'}://${host}`;
  await ensureUserPool(database, {
    poolId: created.awsUserPoolId,
    name,
    clientId: created.clientId,
    clientName: created.clientName,
    callbackUrls: [`${origin}/`],
    logoutUrls: [`${origin}/`, `${origin}/login`],
    deviceTracking: true,
  });
  // The manager is made through the pools' own admin API, as a manager makes users: the pool mails the
  // temporary password from its sender, the storefront's when it has one.
  const admin = poolAdmin(config, database);
  if (mail.from || mail.replyTo) await poolSender(admin, created.awsUserPoolId, mail);
  const user = { UserPoolId: created.awsUserPoolId, Username: email };
  const attribute = (Name: string, Value: string) => ({ Name, Value });
  await admin('AdminCreateUser', {
    ...user,
    DesiredDeliveryMediums: ['EMAIL'],
    UserAttributes: [
      attribute('email', email),
      attribute('email_verified', 'true'),
      attribute('given_name', givenName),
      attribute('family_name', family.join(' ')),
      attribute('custom:salesforceAccountId', created.accountId),
      attribute('custom:salesforceContactId', created.contactId),
      attribute('custom:salesforceOrgId', created.salesforceOrgId),
      attribute('custom:local', 'en_US'),
    ],
  });
  await admin('AdminAddUserToGroup', { ...user, GroupName: 'AWSManager' });
  const sender = mail.from ?? config.mailFrom;
  const mailed = config.smtpUrl
    ? `a temporary password was mailed to ${email} from ${sender}`
    : `no mail server is set (SMTP_URL), so ${email}'s temporary password waits in the user pool's outbox`;
  return [
    `Storefront ${name} made: ${origin}/ (${access === 'guest' ? 'guests welcome' : 'sign-in only'}, ${currency}).`,
    `Its first manager, ${email} of ${text('account')}: ${mailed}; they set their own password at first sign-in.`,
    `Its mail goes out from ${sender}${mail.replyTo ? `, replies to ${mail.replyTo}` : ''}.`,
    `Its operations key (shown once; the ERP sends it as Authorization: Bearer <key>):`,
    `  ${created.operationsKey}`,
    'Load its catalogue with that key: OPERATIONS_KEY=<key> npm run catalogue -- import <file>.',
  ].join('\n');
}

/** The user pools' admin API of this process (SigV4 signed as any admin call), over the command's database. */
function poolAdmin(config: ServerConfig, database: Database) {
  const identity = createIdentityApp({
    database,
    issuerBase: config.identityUrl,
    adminCredentials: config.identityAdmin,
    mode: config.env,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    sharedState: memorySharedState(),
    logger: createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel),
  });
  const mounted = new Hono().route('/identity', identity);
  return createUserPoolAdmin({
    endpoint: EMBEDDED_IDENTITY,
    ...config.identityAdmin,
    fetch: (request) => mounted.fetch(request),
  });
}

/**
 * The storefront's own sender and reply-to address (docs/decisions/0055-mail-senders.md): order mail from the
 * CRM and the user pool's codes and temporary passwords; without them, MAIL_FROM and no reply-to address.
 */
function mailOf(values: Record<string, string | boolean | undefined>) {
  const from = (values['mail-from'] as string | undefined)?.trim() || null;
  if (from !== null && !parseMailbox(from))
    throw new UsageError('--mail-from must be an address or "Name <address>" of your own domain.');
  const replyTo = (values['reply-to'] as string | undefined)?.trim() || null;
  if (replyTo !== null && parseMailbox(replyTo)?.address !== replyTo)
    throw new UsageError('--reply-to must be an email address.');
  return { from, replyTo };
}

/**
 * Sets the new pool's sender through the pools' own UpdateUserPool, which sets every setting the pool keeps: its
 * MFA and device settings are read first and given back unchanged.
 */
async function poolSender(
  admin: ReturnType<typeof createUserPoolAdmin>,
  poolId: string,
  mail: { from: string | null; replyTo: string | null },
) {
  const { UserPool: pool } = await admin<{
    UserPool: { MfaConfiguration: string; DeviceConfiguration?: object };
  }>('DescribeUserPool', { UserPoolId: poolId });
  await admin('UpdateUserPool', {
    UserPoolId: poolId,
    MfaConfiguration: pool.MfaConfiguration,
    ...(pool.DeviceConfiguration ? { DeviceConfiguration: pool.DeviceConfiguration } : {}),
    EmailConfiguration: {
      ...(mail.from ? { EmailSendingAccount: 'DEVELOPER', From: mail.from } : {}),
      ...(mail.replyTo ? { ReplyToEmailAddress: mail.replyTo } : {}),
    },
  });
}

/** Where the pages send buyers for help: the address given, else the mail sender's; a phone line if given. */
function supportOf(config: ServerConfig, values: Record<string, string | boolean | undefined>) {
  const given = (values['support-email'] as string | undefined)?.trim();
  const email = given || parseMailbox(config.mailFrom)?.address || '';
  if (!EMAIL.test(email)) throw new UsageError('--support-email must be an email address.');
  const phone = (values['support-phone'] as string | undefined)?.trim() || null;
  if (phone !== null && !/^\+?[\d ()-]{6,24}$/.test(phone))
    throw new UsageError('--support-phone must be a phone number such as +1 617 555 0142.');
  return { email, phone };
}

async function key(crm: CrmDatabase, host: string, name: string): Promise<string> {
  const storefront = await findStorefrontAt(crm.db, host);
  if (!storefront) throw new UsageError(`No storefront answers at ${host}: npm run storefront -- list.`);
  return `Operations key "${name}" for ${storefront.name} (shown once):\n  ${await createOperationsKey(crm.db, storefront.id, name)}`;
}

async function list(crm: CrmDatabase): Promise<string> {
  const { storefronts } = await describeStorefronts(crm.db);
  if (storefronts.length === 0) return 'No storefront yet: npm run storefront -- create (see the README).';
  const lines: string[] = [];
  for (const row of storefronts) {
    const own = await findStorefrontAt(crm.db, row.domain);
    const sender = own?.mailFrom
      ? `\tmail from ${own.mailFrom}${own.mailReplyTo ? `, replies to ${own.mailReplyTo}` : ''}`
      : own?.mailReplyTo
        ? `\treplies to ${own.mailReplyTo}`
        : '';
    lines.push(`${row.domain}\t${row.name}\t${row.guest ? 'guests welcome' : 'sign-in only'}${sender}`);
  }
  return lines.join('\n');
}

await runCommand(USAGE, command);
