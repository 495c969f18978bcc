import type { Database } from '#db/client.ts';
import { type EmailKind, outboxEmails } from '#db/schema.ts';
import { seal, unseal } from '../crypto/sealed-text.ts';
import type { EmailContent } from './layout.ts';
import { headerText } from './mailbox.ts';
import { mailSettings } from './settings.ts';

export interface QueuedEmail extends EmailContent {
  /** What caused it. */
  kind: EmailKind;
  to: string;
  headers?: Record<string, string>;
  /** A calendar invitation (an .ics text) the email carries. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
  /** Its html and text are encrypted at rest (session notes), opened only to send it. */
  sealed?: boolean;
}

/** What a sealed email's body is bound to: its Message-ID, fixed at enqueue. */
export const sealContext = (messageId: string) => `outbox_emails:${messageId}`;

/** An email's html and text as they are sent: a sealed one opened (SealedTextError without its key). */
export async function openedEmail<Email extends { sealed: boolean; messageId: string; html: string; text: string }>(
  email: Email,
): Promise<Email> {
  if (!email.sealed) return email;
  const context = sealContext(email.messageId);
  return { ...email, html: await unseal(email.html, context), text: await unseal(email.text, context) };
}

/** A Message-ID in the sender's domain, fixed at enqueue so every attempt carries the same one. */
const newMessageId = () => `<${crypto.randomUUID()}@${mailSettings().from.address.split('@')[1]}>`;

/**
 * Queues an email. Call it with the transaction of the change that causes the email: a change
 * that rolls back then sends nothing, and a committed one never loses its email.
 */
export async function enqueueEmail(tx: Database, email: QueuedEmail): Promise<number> {
  const [id] = await enqueueEmails(tx, [email]);
  return id!;
}

/** Many emails in one statement (a newsletter batch); their ids, in the order given. */
export async function enqueueEmails(tx: Database, emails: QueuedEmail[]): Promise<number[]> {
  if (emails.length === 0) return [];
  const messageIds = emails.map(() => newMessageId());
  const bodies = await Promise.all(
    emails.map(async (email, i) =>
      email.sealed
        ? { html: await seal(email.html, sealContext(messageIds[i]!)), text: await seal(email.text, sealContext(messageIds[i]!)) }
        : { html: email.html, text: email.text },
    ),
  );
  const rows = await tx
    .insert(outboxEmails)
    .values(
      emails.map((email, i) => ({
        kind: email.kind,
        messageId: messageIds[i]!,
        toAddress: headerText(email.to),
        subject: headerText(email.subject),
        ...bodies[i]!,
        sealed: email.sealed ?? false,
        headers: Object.fromEntries(Object.entries(email.headers ?? {}).map(([name, value]) => [headerText(name), headerText(value)])),
        calendar: email.calendar ?? null,
      })),
    )
    .returning({ id: outboxEmails.id, messageId: outboxEmails.messageId });
  // Matched by Message-ID rather than trusting the order rows come back in.
  const idOf = new Map(rows.map((row) => [row.messageId, row.id]));
  return messageIds.map((messageId) => idOf.get(messageId)!);
}
