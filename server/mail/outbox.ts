import type { Database } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema.ts';
import type { EmailContent } from './layout.ts';
import { headerText } from './mailbox.ts';
import { mailSettings } from './settings.ts';

export interface QueuedEmail extends EmailContent {
  /** What caused it: contact_notification, password_reset, … */
  kind: string;
  to: string;
  headers?: Record<string, string>;
}

/** A Message-ID in the sender's domain, fixed at enqueue so every attempt carries the same one. */
const newMessageId = () => `<${crypto.randomUUID()}@${mailSettings().from.address.split('@')[1]}>`;

/**
 * Queues an email. Call it with the transaction of the change that causes the email: a change
 * that rolls back then sends nothing, and a committed one never loses its email.
 */
export async function enqueueEmail(tx: Database, email: QueuedEmail): Promise<number> {
  const headers = Object.fromEntries(Object.entries(email.headers ?? {}).map(([name, value]) => [headerText(name), headerText(value)]));
  const [row] = await tx
    .insert(outboxEmails)
    .values({
      kind: email.kind,
      messageId: newMessageId(),
      toAddress: headerText(email.to),
      subject: headerText(email.subject),
      html: email.html,
      text: email.text,
      headers,
    })
    .returning({ id: outboxEmails.id });
  return row!.id;
}
