import {
  AdminCreateUserCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  type EmailConfigurationType,
  UpdateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, type SmtpReceiver, startSmtpReceiver } from '../../../e2e/support/mail-catcher';
import { headersOf, partOfType } from '../../../e2e/support/mime';
import { expectException, POOL, type ServedIdentity, serveIdentity } from './support/identity';
import { createUser, forgotPassword } from './support/users';

const UserPoolId = POOL.poolId;
/** The process-wide sender (MAIL_FROM) of these tests. */
const DEFAULT_FROM = 'Pools Test <pools@identity.test>';

// The pool's EmailConfiguration (docs/decisions/0055-mail-senders.md): its mail goes out from its From and
// ReplyToEmailAddress, else from the process's sender, as text with an HTML part.
describe.each(await testEngines())("a user pool's mail sender on $name", (engine) => {
  let identity: ServedIdentity;
  let smtp: SmtpReceiver;
  const received: ReceivedMail[] = [];
  const mailTo = (address: string) => received.filter((mail) => mail.to.includes(address)).at(-1)?.data ?? '';

  beforeAll(async () => {
    smtp = await startSmtpReceiver(0, (mail) => received.push(mail));
    identity = await serveIdentity(engine, {
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      mailFrom: DEFAULT_FROM,
    });
  });
  afterAll(async () => {
    await identity.close();
    await smtp.close();
  });

  const describePool = async (id = UserPoolId) =>
    (await identity.admin.send(new DescribeUserPoolCommand({ UserPoolId: id }))).UserPool;
  /** UpdateUserPool keeping the test pool's MFA (a member left out returns to its default, as in Cognito). */
  const updatePool = (EmailConfiguration?: EmailConfigurationType) =>
    identity.admin.send(
      new UpdateUserPoolCommand({ UserPoolId, MfaConfiguration: 'OPTIONAL', EmailConfiguration }),
    );

  it("sends a pool's code from the process's sender while the pool names none", async () => {
    expect(await describePool()).toMatchObject({
      Id: UserPoolId,
      Name: POOL.name,
      MfaConfiguration: 'OPTIONAL',
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    });
    await createUser(identity.database, 'plain');
    await forgotPassword(identity.client, 'plain');
    const data = mailTo('plain@example.com');
    expect(headersOf(data).from).toBe(DEFAULT_FROM);
    expect(headersOf(data)['reply-to']).toBeUndefined();
    expect(headersOf(data)['content-type']).toMatch(/^multipart\/alternative;/);
    const code = await identity.lastCode('plain');
    expect(partOfType(data, 'text/plain')).toContain(`Your password reset code is ${code}.`);
    const html = partOfType(data, 'text/html') ?? '';
    expect(html).toContain(`>${POOL.name}</h1>`);
    expect(html).toContain(`Your password reset code is ${code}.`);
  });

  it("sends codes and temporary passwords from the pool's From and ReplyToEmailAddress", async () => {
    const From = 'BioNova Accounts <accounts@bionova-ls.example>';
    await updatePool({ From, ReplyToEmailAddress: 'help@bionova-ls.example' });
    expect((await describePool())?.EmailConfiguration).toEqual({
      EmailSendingAccount: 'DEVELOPER',
      From,
      ReplyToEmailAddress: 'help@bionova-ls.example',
    });

    await createUser(identity.database, 'configured');
    await forgotPassword(identity.client, 'configured');
    expect(headersOf(mailTo('configured@example.com'))).toMatchObject({
      from: From,
      'reply-to': 'help@bionova-ls.example',
    });

    // A username may hold '<': the invitation's HTML shows it as text.
    const Username = '<script>alert(1)</script>';
    await identity.admin.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username,
        UserAttributes: [{ Name: 'email', Value: 'invited@example.com' }],
      }),
    );
    const invitation = mailTo('invited@example.com');
    expect(headersOf(invitation).from).toBe(From);
    expect(partOfType(invitation, 'text/plain')).toContain(
      `Your username is ${Username} and temporary password`,
    );
    const html = partOfType(invitation, 'text/html') ?? '';
    expect(html).toContain('Your username is &lt;script&gt;alert(1)&lt;/script&gt; and temporary password');
    expect(html).not.toContain('<script');

    // Left out of the next update, the configuration returns to Cognito's default, and so does the sender.
    await updatePool();
    expect((await describePool())?.EmailConfiguration).toEqual({ EmailSendingAccount: 'COGNITO_DEFAULT' });
    await forgotPassword(identity.client, 'configured');
    expect(headersOf(mailTo('configured@example.com')).from).toBe(DEFAULT_FROM);
  });

  it('refuses a configuration it cannot send by, naming the member', async () => {
    const refused = (EmailConfiguration: EmailConfigurationType, message: RegExp) =>
      expectException(updatePool(EmailConfiguration), 'InvalidParameterException', message);
    await refused(
      { EmailSendingAccount: 'COGNITO_DEFAULT', From: 'a@bionova-ls.example' },
      /'EmailConfiguration\.From' failed to satisfy constraint: needs EmailSendingAccount DEVELOPER/,
    );
    await refused(
      { EmailSendingAccount: 'DEVELOPER' },
      /'EmailConfiguration\.From' failed to satisfy constraint: is required with EmailSendingAccount DEVELOPER/,
    );
    await refused({ From: 'Accounts <not an address>' }, /'EmailConfiguration\.From' .*'Name <address>'/);
    await refused({ From: 'Line\r\nBcc: x@y.example <a@bionova-ls.example>' }, /'EmailConfiguration\.From'/);
    await refused(
      { From: 'a@bionova-ls.example', ReplyToEmailAddress: 'Help <help@bionova-ls.example>' },
      /'EmailConfiguration\.ReplyToEmailAddress' failed to satisfy constraint: must be an email address/,
    );
    await expectException(
      identity.admin.send(new DescribeUserPoolCommand({ UserPoolId: 'us-east-1_Missing00' })),
      'ResourceNotFoundException',
      'User pool us-east-1_Missing00 does not exist.',
    );
    expect((await describePool())?.EmailConfiguration).toEqual({ EmailSendingAccount: 'COGNITO_DEFAULT' });
  });

  it('creates a pool with its settings under a new id, and describes it so', async () => {
    const created = await identity.admin.send(
      new CreateUserPoolCommand({
        PoolName: 'BioNova Clinical Portal',
        MfaConfiguration: 'ON',
        DeviceConfiguration: { DeviceOnlyRememberedOnUserPrompt: true },
        EmailConfiguration: { EmailSendingAccount: 'DEVELOPER', From: 'clinical@bionova-ls.example' },
      }),
    );
    const id = created.UserPool?.Id ?? '';
    expect(id).toMatch(/^us-east-1_[0-9A-Za-z]{9}$/);
    expect(created.UserPool?.CreationDate).toBeInstanceOf(Date);
    expect(await describePool(id)).toMatchObject({
      Id: id,
      Name: 'BioNova Clinical Portal',
      MfaConfiguration: 'ON',
      DeviceConfiguration: { ChallengeRequiredOnNewDevice: false, DeviceOnlyRememberedOnUserPrompt: true },
      EmailConfiguration: { EmailSendingAccount: 'DEVELOPER', From: 'clinical@bionova-ls.example' },
    });
    const plain = await identity.admin.send(new CreateUserPoolCommand({ PoolName: 'Plain' }));
    expect(plain.UserPool).toMatchObject({
      MfaConfiguration: 'OFF',
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    });
    expect(plain.UserPool?.DeviceConfiguration).toBeUndefined();
  });
});
