import { TZDate } from '@date-fns/tz';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { auditLog } from '#db/schema.ts';
import type { AuditAction, AuditFilter, AuditPage } from '#src/schemas/audit.ts';
import { plainAddress } from '../client-ip.ts';
import { database } from '../db.ts';
import { requestActor } from '../http/request-actor.ts';
import { readPage } from './paging.ts';

// docs/security.md "Audit log". Written in the transaction of the action it records where there is
// one, so an action that rolls back leaves no row. Who and from where come from the request being
// answered unless given. Rows are kept a year (the table's trigger refuses any earlier delete).

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export interface AuditRecord {
  action: AuditAction;
  target?: { type: string; id: string | number };
  /** ids and old → new values: never a password, a token or erased data. */
  details?: Record<string, unknown>;
  /** For sign-ins, where the request has no user yet. */
  actor?: { id: number | null; email: string | null };
}

export async function recordAudit(db: Database, record: AuditRecord): Promise<void> {
  const { user, ip } = requestActor();
  const actor = record.actor ?? (user ? { id: user.id, email: user.email } : { id: null, email: null });
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: record.action,
    targetType: record.target?.type ?? null,
    targetId: record.target ? String(record.target.id) : null,
    details: record.details ?? {},
    ipAddress: ip,
  });
}

/** Records an action that has no transaction of its own (a read, an export). */
export async function recordAuditNow(record: AuditRecord): Promise<void> {
  await recordAudit(await database(), record);
}

/** The first instant of a `YYYY-MM-DD` day, `after` days on, in `timeZone`. */
function dayStart(day: string, timeZone: string, after = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date + after, timeZone).getTime());
}

/**
 * The log newest first, filtered by person (e-mail, part of it), action and days, a page at a time.
 * The days are read in `timeZone`: the coach's (Settings → Time zone), in which the log's times are
 * shown (issue 32 §1).
 */
export async function listAudit(filter: AuditFilter, timeZone: string): Promise<AuditPage> {
  const db = await database();
  const conditions: SQL[] = [];
  if (filter.actor) conditions.push(sql`${auditLog.actorEmail} ilike ${`%${filter.actor.replace(/[\\%_]/g, '\\$&')}%`}`);
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.from) conditions.push(gte(auditLog.at, dayStart(filter.from, timeZone)));
  if (filter.to) conditions.push(lt(auditLog.at, dayStart(filter.to, timeZone, 1)));
  const where = conditions.length ? and(...conditions) : undefined;
  return readPage(
    'entries',
    filter,
    async ({ limit, offset }) =>
      (await db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit).offset(offset)).map(
        (row) => ({
          id: row.id,
          at: row.at.toISOString(),
          actorEmail: row.actorEmail,
          action: row.action as AuditAction,
          targetType: row.targetType,
          targetId: row.targetId,
          details: row.details,
          // Rows written before addresses were recorded plainly read the same as the newer ones.
          ipAddress: row.ipAddress === null ? null : plainAddress(row.ipAddress),
        }),
      ),
    () => db.$count(auditLog, where).then((n) => n),
  );
}

/** Deletes entries older than a year (housekeeping). */
export async function deleteExpiredAudit(now = new Date()): Promise<number> {
  const db = await database();
  // A little past the year: the trigger compares with the database's clock, not this one.
  const rows = await db
    .delete(auditLog)
    .where(lt(auditLog.at, new Date(now.getTime() - YEAR_MS - 60_000)))
    .returning({ id: auditLog.id });
  return rows.length;
}
