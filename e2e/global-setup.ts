import { startMailCatcher } from './support/mail-catcher';

/** The SMTP server the storefront mails sign-up and reset codes to during the browser tests. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  return startMailCatcher(Number(process.env.E2E_SMTP_PORT), process.env.E2E_MAIL_DIR ?? '');
}
