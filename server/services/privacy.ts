import { and, asc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import {
  bookings,
  calendars,
  clientPackages,
  clients,
  contactMessages,
  creditLedger,
  newsletterDeliveries,
  newsletters,
  outboxEmails,
  paymentHolds,
  payments,
  siteSettings,
  subscribers,
} from '#db/schema.ts';
import { siteConfig } from '#src/config/site.ts';
import { DEFAULT_RETENTION, type ErasureCounts, type PersonalDataSummary, type Retention, retentionSchema } from '#src/schemas/privacy.ts';
import { contentChanged } from '../cache/content-events.ts';
import { SealedTextError } from '../crypto/sealed-text.ts';
import { database } from '../db.ts';
import { hideTokens } from '../mail/hidden-links.ts';
import { openedEmail } from '../mail/outbox.ts';
import { recordAudit, recordAuditNow } from './audit.ts';
import { readAvailability } from './booking/availability.ts';
import { notesForExport } from './practice/session-notes.ts';
import { sameEmail } from './same-email.ts';
import { currentSettings } from './settings.ts';

// A visitor's right to see and erase what the site holds about them. A person is their email
// address, compared case-insensitively, in every table that keeps one: contact messages, the
// newsletter subscription (and which newsletters went to it), intro calls, and the emails the site
// sent to them or about them. An email is theirs when it went to them, or when it is the coach's
// notice of their own message or booking: its Reply-To is their address (the mailbox's address, not
// its display name, which the visitor typed). An address merely written in an email's text is
// not a match: anyone can mention anyone, and that text belongs to the one who wrote it
// (docs/security.md#personal-data, issue 33 §4).

const DAY_MS = 24 * 60 * 60 * 1000;

/** The address of a Reply-To header `"Name" <address>`: the last angle-bracketed part. */
const replyToAddress = sql`lower(substring(${outboxEmails.headers}->>'Reply-To' from '<([^<>]*)>\s*$'))`;

const emailsOf = (email: string) =>
  or(
    sameEmail(outboxEmails.toAddress, email),
    // A newsletter's Reply-To is the coach: those copies are their readers' records, not the coach's.
    and(sql`${replyToAddress} = ${email.toLowerCase()}`, sql`${outboxEmails.kind} not like 'newsletter%'`),
  );

async function records(db: Database, email: string) {
  const [messages, subscriptionRows, bookingRows, emailRows, clientRows, paymentRows] = await Promise.all([
    db.select().from(contactMessages).where(sameEmail(contactMessages.email, email)).orderBy(asc(contactMessages.id)),
    db.select().from(subscribers).where(sameEmail(subscribers.email, email)),
    db.select().from(bookings).where(sameEmail(bookings.email, email)).orderBy(asc(bookings.startsAt)),
    db.select().from(outboxEmails).where(emailsOf(email)).orderBy(asc(outboxEmails.id)),
    db.select().from(clients).where(sameEmail(clients.email, email)),
    db.select().from(payments).where(sameEmail(payments.payerEmail, email)).orderBy(asc(payments.id)),
  ]);
  const client = clientRows[0] ?? null;
  const [grants, movements] = client
    ? await Promise.all([
        db.select().from(clientPackages).where(eq(clientPackages.clientId, client.id)).orderBy(asc(clientPackages.id)),
        db
          .select({ movement: creditLedger, package: clientPackages.name })
          .from(creditLedger)
          .innerJoin(clientPackages, eq(clientPackages.id, creditLedger.clientPackageId))
          .where(eq(clientPackages.clientId, client.id))
          .orderBy(asc(creditLedger.id)),
      ])
    : [[], []];
  const subscription = subscriptionRows[0] ?? null;
  const deliveries = subscription
    ? await db
        .select({ newsletter: newsletters.subject, createdAt: newsletterDeliveries.createdAt })
        .from(newsletterDeliveries)
        .innerJoin(newsletters, eq(newsletters.id, newsletterDeliveries.newsletterId))
        .where(eq(newsletterDeliveries.subscriberId, subscription.id))
        .orderBy(asc(newsletterDeliveries.id))
    : [];
  return { messages, subscription, deliveries, bookingRows, emailRows, client, grants, movements, paymentRows };
}

/** What the privacy screen lists for an address. */
// The audit rows of privacy requests name no address: the log must not keep what an erasure removed.

export async function personalDataSummary(email: string): Promise<PersonalDataSummary> {
  const { messages, subscription, deliveries, bookingRows, emailRows, client, grants, movements } = await records(await database(), email);
  await recordAuditNow({ action: 'privacy.looked_up', target: { type: 'person', id: '(not recorded)' } });
  return {
    email,
    contactMessages: messages.map((m) => ({ id: m.id, name: m.name, subject: m.subject, createdAt: m.createdAt.toISOString() })),
    subscription: subscription && {
      id: subscription.id,
      status: subscription.status,
      source: subscription.source,
      createdAt: subscription.createdAt.toISOString(),
    },
    newsletterDeliveries: deliveries.map((d) => ({ newsletter: d.newsletter, createdAt: d.createdAt.toISOString() })),
    bookings: bookingRows.map((b) => ({
      id: b.id,
      start: b.startsAt.toISOString(),
      status: b.status,
      createdAt: b.createdAt.toISOString(),
    })),
    emails: emailRows.map((e) => ({ id: e.id, kind: e.kind, subject: e.subject, status: e.status, createdAt: e.createdAt.toISOString() })),
    client: client && {
      id: client.id,
      name: client.name,
      status: client.status,
      packages: grants.length,
      creditMovements: movements.length,
      createdAt: client.createdAt.toISOString(),
    },
  };
}

/** Everything held about an address, as one JSON document for the person (no hashes or internal tokens). */
export async function personalDataExport(email: string, now = new Date()) {
  const { messages, subscription, deliveries, bookingRows, emailRows, client, grants, movements, paymentRows } = await records(
    await database(),
    email,
  );
  const [notes, emailTexts] = await Promise.all([
    notesForExport(bookingRows.map((booking) => booking.id)),
    // A sealed email (session notes) as it was sent, when the key is at hand.
    Promise.all(
      emailRows.map((row) =>
        openedEmail(row).then(
          // An admin downloads this: links that act for their reader go without their token.
          (opened) => hideTokens(opened.text),
          (error) => (error instanceof SealedTextError ? `(encrypted: ${error.message})` : Promise.reject(error)),
        ),
      ),
    ),
  ]);
  await recordAuditNow({ action: 'privacy.exported', target: { type: 'person', id: '(not recorded)' } });
  return {
    email,
    exportedAt: now.toISOString(),
    contactMessages: messages.map(({ id, name, email, subject, message, ipAddress, userAgent, createdAt }) => ({
      id,
      name,
      email,
      subject,
      message,
      ipAddress,
      userAgent,
      createdAt,
    })),
    newsletterSubscription: subscription && {
      email: subscription.email,
      firstName: subscription.firstName,
      lastName: subscription.lastName,
      status: subscription.status,
      source: subscription.source,
      createdAt: subscription.createdAt,
      confirmedAt: subscription.confirmedAt,
      unsubscribedAt: subscription.unsubscribedAt,
    },
    newslettersReceived: deliveries,
    // Every session booked, the intro call's and the others' (the key is the one it has always had).
    introCalls: bookingRows.map(
      ({ id, startsAt, endsAt, name, email, topic, answers, timeZone, status, cancelledBy, cancelledAt, createdAt }) => ({
        start: startsAt,
        end: endsAt,
        name,
        email,
        topic,
        answers,
        timeZone,
        status,
        cancelledBy,
        cancelledAt,
        createdAt,
        // The coach's session notes, private and shared (issue 35 §6), opened for the person.
        notes: notes.get(id) ?? null,
      }),
    ),
    // Payments and refunds (issue 37): kept after an erasure, as bookkeeping law requires.
    payments: paymentRows.map((row) => ({
      kind: row.kind,
      method: row.method,
      status: row.status,
      amountMinor: row.amountMinor,
      taxMinor: row.taxMinor,
      currency: row.currency,
      description: row.description,
      payerName: row.payerName,
      billTo: row.billTo,
      invoiceNumber: row.invoiceNumber,
      reason: row.reason,
      at: row.settledAt ?? row.createdAt,
    })),
    emails: emailRows.map(({ kind, toAddress, subject, status, createdAt, sentAt }, index) => ({
      kind,
      to: toAddress,
      subject,
      text: emailTexts[index],
      status,
      createdAt,
      sentAt,
    })),
    client: client && {
      name: client.name,
      email: client.email,
      phone: client.phone,
      organisation: client.organisation,
      timeZone: client.timeZone,
      status: client.status,
      tags: client.tags,
      createdAt: client.createdAt,
      // What they chose and did in the client portal.
      portal: {
        lastUsedAt: client.portalSeenAt,
        turnedOffAt: client.portalDisabledAt,
        reminders: client.emailReminders,
        creditNotices: client.emailCreditNotices,
        erasureRequestedAt: client.erasureRequestedAt,
      },
      packages: grants.map(({ name, sessions, expiresAt, note, createdAt }) => ({ name, sessions, expiresAt, note, grantedAt: createdAt })),
      creditMovements: movements.map(({ movement, package: name }) => ({
        package: name,
        kind: movement.kind,
        amount: movement.amount,
        reason: movement.reason,
        at: movement.createdAt,
      })),
    },
  };
}

/** Deletes everything held about an address, in one transaction; newsletter counts keep anonymous rows. */
export async function erasePersonalData(email: string): Promise<ErasureCounts> {
  const db = await database();
  return db.transaction(async (tx) => {
    const emails = await tx.delete(outboxEmails).where(emailsOf(email)).returning({ id: outboxEmails.id });
    const subscription = await tx.select({ id: subscribers.id }).from(subscribers).where(sameEmail(subscribers.email, email));
    const ids = subscription.map((row) => row.id);
    // The delivery rows stay (a newsletter's count of readers), no longer linked to anyone.
    const deliveries = ids.length
      ? await tx
          .update(newsletterDeliveries)
          .set({ subscriberId: null })
          .where(inArray(newsletterDeliveries.subscriberId, ids))
          .returning({ id: newsletterDeliveries.id })
      : [];
    const subscriptions = ids.length
      ? await tx.delete(subscribers).where(inArray(subscribers.id, ids)).returning({ id: subscribers.id })
      : [];
    const messages = await tx.delete(contactMessages).where(sameEmail(contactMessages.email, email)).returning({ id: contactMessages.id });
    // The client record takes its packages and credit movements with it (ON DELETE CASCADE).
    const clientRecords = await tx.delete(clients).where(sameEmail(clients.email, email)).returning({ id: clients.id });
    const calls = await tx.delete(bookings).where(sameEmail(bookings.email, email)).returning({ id: bookings.id });
    // A checkout they began holds their answers; their payments stay, for the coach's books.
    await tx.delete(paymentHolds).where(sameEmail(paymentHolds.email, email));
    const counts = {
      contactMessages: messages.length,
      subscriptions: subscriptions.length,
      newsletterDeliveries: deliveries.length,
      bookings: calls.length,
      emails: emails.length,
      clients: clientRecords.length,
    };
    await recordAudit(tx, { action: 'privacy.erased', target: { type: 'person', id: '(not recorded)' }, details: counts });
    return counts;
  });
}

// ---- Retention of contact messages

const KEY = 'privacyRetention';

export async function readRetention(): Promise<Retention> {
  const db = await database();
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, KEY));
  const parsed = row ? retentionSchema.safeParse(row.value) : undefined;
  return parsed?.success ? parsed.data : DEFAULT_RETENTION;
}

export async function updateRetention(retention: Retention): Promise<Retention> {
  const db = await database();
  await db
    .insert(siteSettings)
    .values({ key: KEY, value: retention })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: retention, updatedAt: new Date() } });
  // The privacy policy states these periods: every instance renders it afresh.
  await contentChanged();
  return readRetention();
}

/** What the privacy policy says is switched on and for how long things are kept. */
export async function privacyFacts() {
  const [settings, retention, availability, calendarsInUse] = await Promise.all([
    currentSettings(),
    readRetention(),
    readAvailability(),
    (await database())
      .select({ url: calendars.url, blocksTime: calendars.blocksTime, writesBookings: calendars.writesBookings })
      .from(calendars),
  ]);
  const writeTarget = calendarsInUse.find((calendar) => calendar.writesBookings)?.url;
  const { endpoint, domain } = siteConfig().analytics;
  let thirdParty: string | null = null;
  if (endpoint && domain) {
    try {
      thirdParty = new URL(endpoint).host;
    } catch {
      thirdParty = null;
    }
  }
  return {
    newsletter: settings.newsletterEnabled,
    booking: settings.bookingEnabled,
    thirdPartyAnalytics: thirdParty,
    contactNetworkDays: retention.contactNetworkDays,
    contactMessageDays: retention.contactMessageDays,
    bookingTopicDays: availability.topicRetentionDays,
    calendarsRead: calendarsInUse.some((calendar) => calendar.blocksTime),
    bookingCalendarHost: writeTarget ? new URL(writeTarget).hostname : null,
  };
}

/**
 * Forgets contact messages' IP addresses and user agents after their period, and the messages
 * themselves after theirs (when the coach set one). Returns how many rows changed of each.
 */
export async function applyContactRetention(now = new Date()): Promise<{ networkCleared: number; messagesDeleted: number }> {
  const { contactNetworkDays, contactMessageDays } = await readRetention();
  const db = await database();
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const cleared = await db
    .update(contactMessages)
    .set({ ipAddress: null, userAgent: null })
    .where(
      and(
        lt(contactMessages.createdAt, before(contactNetworkDays)),
        or(isNotNull(contactMessages.ipAddress), isNotNull(contactMessages.userAgent)),
      ),
    )
    .returning({ id: contactMessages.id });
  const deleted =
    contactMessageDays === null
      ? []
      : await db
          .delete(contactMessages)
          .where(lt(contactMessages.createdAt, before(contactMessageDays)))
          .returning({ id: contactMessages.id });
  return { networkCleared: cleared.length, messagesDeleted: deleted.length };
}
