import { defaultSettings, siteConfig } from '#src/config/site.ts';
import { env } from '../env.ts';
import { type Mailbox, parseMailbox } from './mailbox.ts';

export interface MailSettings {
  /** Unset: emails stay in the outbox (the embedded default). */
  smtpUrl: string | undefined;
  from: Mailbox;
  dkim: { domainName: string; keySelector: string; privateKey: string } | undefined;
  maxPerSecond: number;
}

/** The sender and the SMTP server, from the environment (validated at start by server/env.ts). */
export function mailSettings(): MailSettings {
  const config = env();
  // Without MAIL_FROM: the first-start site name (the transport is built once, so a renamed site
  // keeps its sender's name until MAIL_FROM says otherwise).
  const from = (config.MAIL_FROM && parseMailbox(config.MAIL_FROM)) || {
    name: defaultSettings().siteName,
    address: `no-reply@${new URL(siteConfig().url).hostname}`,
  };
  const dkim =
    config.DKIM_DOMAIN && config.DKIM_SELECTOR && config.DKIM_PRIVATE_KEY
      ? { domainName: config.DKIM_DOMAIN, keySelector: config.DKIM_SELECTOR, privateKey: config.DKIM_PRIVATE_KEY }
      : undefined;
  return { smtpUrl: config.SMTP_URL, from, dkim, maxPerSecond: config.SMTP_MAX_PER_SECOND };
}

export const isEmailConfigured = () => env().SMTP_URL !== undefined;
