import { parse } from 'csv-parse/sync';
import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { outboxEmails, subscribers } from '#db/schema.ts';
import type { Page } from '#src/schemas/page.ts';
import { type AdminSubscriber, SUBSCRIBER_PAGE_SIZE, type SubscriberImport, type SubscriberQuery } from '#src/schemas/subscriber.ts';
import { database } from '../db.ts';
import { badRequest, notFound } from '../errors.ts';
import { recordAudit, recordAuditNow } from './audit.ts';
import { csvCell } from './csv.ts';
import { newsletterEmailIdsOf } from './newsletter/sending.ts';
import { readPage } from './paging.ts';

export const SUBSCRIBER_NOT_FOUND = 'Subscriber not found';
export const CONSENT_REQUIRED = 'Confirm that these people agreed to receive your newsletter';

const columns = {
  id: subscribers.id,
  firstName: subscribers.firstName,
  lastName: subscribers.lastName,
  email: subscribers.email,
  status: subscribers.status,
  source: subscribers.source,
  createdAt: subscribers.createdAt,
  confirmedAt: subscribers.confirmedAt,
  unsubscribedAt: subscribers.unsubscribedAt,
};

const toAdmin = (
  row: Omit<AdminSubscriber, 'createdAt' | 'confirmedAt' | 'unsubscribedAt'> & {
    createdAt: Date;
    confirmedAt: Date | null;
    unsubscribedAt: Date | null;
  },
): AdminSubscriber => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
  unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
});

/** `%`, `_` and `\` in a search are literal characters, not patterns. */
const likeTerm = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function where({ search, status = 'active' }: SubscriberQuery) {
  const term = search?.trim() ? likeTerm(search.trim()) : null;
  return and(
    status === 'all' ? undefined : eq(subscribers.status, status),
    term
      ? or(
          ilike(subscribers.email, term),
          ilike(subscribers.firstName, term),
          ilike(subscribers.lastName, term),
          ilike(sql`${subscribers.firstName} || ' ' || ${subscribers.lastName}`, term),
        )
      : undefined,
  );
}

/** Subscribers, newest first: active ones by default; a page of them, and how many match in all. */
export async function listSubscribers(query: SubscriberQuery = {}): Promise<Page<'subscribers', AdminSubscriber>> {
  const db = await database();
  const { page = 1, pageSize = SUBSCRIBER_PAGE_SIZE } = query;
  const filter = where(query);
  return readPage(
    'subscribers',
    { page, pageSize },
    async ({ limit, offset }) =>
      (
        await db
          .select(columns)
          .from(subscribers)
          .where(filter)
          .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
          .limit(limit)
          .offset(offset)
      ).map(toAdmin),
    () => db.$count(subscribers, filter).then((n) => n),
  );
}

/**
 * Erases a person: their row, and the emails still kept for them (the outbox holds their
 * address). Newsletter figures keep their delivery rows without the person.
 */
export async function deleteSubscriber(id: number): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ email: subscribers.email }).from(subscribers).where(eq(subscribers.id, id)).for('update');
    if (!row) throw notFound(SUBSCRIBER_NOT_FOUND);
    await tx
      .delete(outboxEmails)
      .where(
        or(
          inArray(outboxEmails.id, newsletterEmailIdsOf(tx, id)),
          and(sql`lower(${outboxEmails.toAddress}) = lower(${row.email})`, sql`${outboxEmails.kind} like 'newsletter%'`),
        ),
      );
    await tx.delete(subscribers).where(eq(subscribers.id, id));
    await recordAudit(tx, { action: 'subscriber.deleted', target: { type: 'subscriber', id } });
  });
}

// ---- CSV

export const CSV_HEADER = ['email', 'first_name', 'last_name', 'status', 'source', 'subscribed_at', 'confirmed_at', 'unsubscribed_at'];

/** Rows read per query while an export streams. */
export const EXPORT_BATCH = 1000;

const csvLine = (row: AdminSubscriber) =>
  `${[row.email, row.firstName, row.lastName, row.status, row.source, row.createdAt, row.confirmedAt, row.unsubscribedAt].map(csvCell).join(',')}\r\n`;

/**
 * The subscribers matching `query`, all of them, as CSV (UTF-8, CRLF line ends, a header row),
 * streamed: read `batchSize` rows at a time, newest first, each batch starting after the last row
 * of the one before (by its exact stored time and id), so memory stays flat however many there
 * are. The audit records how many matched when the export began.
 */
export async function exportSubscribersCsv(
  query: SubscriberQuery,
  { batchSize = EXPORT_BATCH }: { batchSize?: number } = {},
): Promise<ReadableStream<Uint8Array>> {
  const db = await database();
  const filter = where(query);
  const [matching] = await db.select({ n: sql<number>`count(*)::int` }).from(subscribers).where(filter);
  await recordAuditNow({
    action: 'subscribers.exported',
    details: { count: matching?.n ?? 0, filter: { search: query.search ?? null, status: query.status ?? null } },
  });
  const encoder = new TextEncoder();
  let started = false;
  // The last row sent: its created_at as Postgres's own text, which keeps the microseconds a Date drops.
  let after: { at: string; id: number } | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${CSV_HEADER.join(',')}\r\n`));
        return;
      }
      const rows = await db
        .select({ ...columns, at: sql<string>`${subscribers.createdAt}::text` })
        .from(subscribers)
        .where(
          and(filter, after ? sql`(${subscribers.createdAt}, ${subscribers.id}) < (${after.at}::timestamptz, ${after.id})` : undefined),
        )
        .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
        .limit(batchSize);
      const last = rows.at(-1);
      if (last) {
        after = { at: last.at, id: last.id };
        controller.enqueue(encoder.encode(rows.map(({ at: _, ...row }) => csvLine(toAdmin(row))).join('')));
      }
      if (rows.length < batchSize) controller.close();
    },
  });
}

const emailSchema = z.email();
const NAME_MAX = 100;

/**
 * Reads an import: a header row naming `email` (and optionally first_name / last_name, in any
 * order), or rows of email[, first name[, last name]]. Adds only with `consent`; never emails anyone.
 */
export async function importSubscribers(
  csv: string,
  { confirm, consent }: { confirm: boolean; consent: boolean },
): Promise<SubscriberImport> {
  if (confirm && !consent) throw badRequest(CONSENT_REQUIRED);
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    throw badRequest(`The file is not valid CSV: ${(error as Error).message}`);
  }
  const header = records[0]?.map((name) => name.toLowerCase().replace(/[\s-]+/g, '_'));
  const named = header?.includes('email') ?? false;
  const at = (name: string, fallback: number) => (named ? header!.indexOf(name) : fallback);
  const [emailAt, firstAt, lastAt] = [at('email', 0), at('first_name', 1), at('last_name', 2)];
  const invalid: SubscriberImport['invalid'] = [];
  const seen = new Set<string>();
  const people: SubscriberImport['added'] = [];
  const duplicates: string[] = [];
  for (const [index, record] of records.entries()) {
    if (named && index === 0) continue;
    const line = index + 1;
    const email = (record[emailAt] ?? '').trim();
    const name = (i: number) => (i >= 0 && record[i]?.trim() ? record[i]!.trim() : null);
    if (!emailSchema.safeParse(email).success) {
      invalid.push({ line, reason: email ? `not an email address: ${email.slice(0, 80)}` : 'no email address' });
    } else if ((name(firstAt)?.length ?? 0) > NAME_MAX || (name(lastAt)?.length ?? 0) > NAME_MAX) {
      invalid.push({ line, reason: 'a name longer than 100 characters' });
    } else if (seen.has(email.toLowerCase())) {
      duplicates.push(email);
    } else {
      seen.add(email.toLowerCase());
      people.push({ email, firstName: name(firstAt), lastName: name(lastAt) });
    }
  }
  const db = await database();
  const known = new Set<string>();
  for (let i = 0; i < people.length; i += 1_000) {
    const chunk = people.slice(i, i + 1_000).map((person) => person.email.toLowerCase());
    const rows = await db
      .select({ email: sql<string>`lower(${subscribers.email})` })
      .from(subscribers)
      .where(inArray(sql`lower(${subscribers.email})`, chunk));
    for (const row of rows) known.add(row.email);
  }
  const added = people.filter((person) => !known.has(person.email.toLowerCase()));
  duplicates.push(...people.filter((person) => known.has(person.email.toLowerCase())).map((person) => person.email));
  if (confirm && added.length > 0) {
    await db.transaction(async (tx) => {
      for (let i = 0; i < added.length; i += 1_000) {
        await tx
          .insert(subscribers)
          .values(
            added
              .slice(i, i + 1_000)
              .map((person) => ({ ...person, status: 'active' as const, source: 'import', confirmedAt: sql`now()` })),
          )
          .onConflictDoNothing();
      }
      await recordAudit(tx, {
        action: 'subscribers.imported',
        details: { added: added.length, duplicates: duplicates.length, invalid: invalid.length },
      });
    });
  }
  return { added, duplicates, invalid, imported: confirm };
}
