// Session notes (issue 35 §6) through the admin API: nothing stored without ENCRYPTION_KEY; saved
// and read back with the key while the table holds only ciphertext; an older copy's save refused;
// every bad input a 400 naming the field; the shared notes emailed to the client once the session
// has started, sealed in the outbox and delivered over real SMTP; a wrong key and a moved
// ciphertext are clear errors; a key rotation keeps everything readable; the privacy export opens
// them and erasure removes them; no note text reaches the audit log.
import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { auditLog, bookings, outboxEmails, sessionNotes } from '#db/schema.ts';
import { ENCRYPTION_KEY_MISSING } from '#server/crypto/sealed-text.ts';
import { deliverDueEmails } from '#server/mail/delivery.ts';
import { closeTransport } from '#server/mail/transport.ts';
import { rotateEncryptionKey } from '#server/services/encryption-rotation.ts';
import { SEALED_EMAIL_TEXT } from '#server/services/outbox.ts';
import { erasePersonalData, personalDataExport } from '#server/services/privacy.ts';
import { NOTES_NOT_FOUND, NOTES_NOT_YET, NOTES_NOTHING_TO_SHARE, NOTES_STALE } from '#src/schemas/session-notes.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { HOUR, setupBookingSite } from '../helpers/booking.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { setEnv } from '../helpers/env.ts';
import { testSmtpForFile } from '../helpers/smtp.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const { book, slots, outbox } = setupBookingSite(db);
const admin = adminSession(db);
const smtp = testSmtpForFile();

const KEY_A = randomBytes(32).toString('base64');
const KEY_B = randomBytes(32).toString('base64');

// Words the client said, which must never be readable in the database.
const NOTES = {
  privateNotes: 'Worried about the **Zanzibar merger** and her board.',
  sharedNotes: 'We agreed on a *quieter calendar* for the Kilimanjaro offsite.',
  actionItems: [
    { text: 'Draft the Serengeti memo', done: false },
    { text: 'Call the chair', done: true },
  ],
};
const SECRET_WORDS = ['Zanzibar', 'quieter calendar', 'Kilimanjaro', 'Serengeti', 'Call the chair'];

const get = async (path: string) => {
  const response = await request(path, { headers: admin.headers() });
  return { status: response.status, body: await response.json() };
};
const send = async (method: 'POST' | 'PUT', path: string, body: unknown) => {
  const response = await sendJson(method, path, body, { headers: admin.headers() });
  return { status: response.status, body: await response.json() };
};
const save = (bookingId: number, body: unknown) => send('PUT', `/api/admin/bookings/${bookingId}/notes`, body);

/** Every word of the notes, searched in every column of a table's rows as Postgres prints them. */
async function tableText(table: 'session_notes' | 'outbox_emails' | 'audit_log') {
  const result = (await db().execute(
    sql`select coalesce(string_agg(t::text, ' '), '') as text from ${sql.identifier(table)} t`,
  )) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: { text: string }[] }).rows)[0]!.text as string;
}

/** The session-notes email once delivered over SMTP (the booking's confirmation goes too). */
async function deliveredNotes() {
  await deliverDueEmails();
  const all = await smtp.waitFor((await outbox()).length);
  return all.find((email) => email.parsed.subject?.startsWith('Notes from'))!;
}

/** A booking by Ada, and (when `started`) moved into the past so the session has taken place. */
async function adasBooking({ started = false } = {}) {
  const { slots: open } = await slots();
  const response = await book({ start: open[0]!.start, name: 'Ada Okafor', email: 'ada@example.com' });
  expect(response.status).toBe(201);
  const [row] = await db().select().from(bookings).orderBy(sql`${bookings.id} desc`).limit(1);
  if (started) {
    await db()
      .update(bookings)
      .set({ startsAt: new Date(Date.now() - 2 * HOUR), endsAt: new Date(Date.now() - HOUR) })
      .where(eq(bookings.id, row!.id));
  }
  return row!.id;
}

let undoEnv: () => void;
beforeEach(async () => {
  undoEnv = setEnv({
    ENCRYPTION_KEY: KEY_A,
    ENCRYPTION_KEY_PREVIOUS: undefined,
    SMTP_URL: smtp.url,
    MAIL_FROM: '"Summit Coaching" <hello@coach.example>',
    SMTP_MAX_PER_SECOND: '1000',
  });
  smtp.received.length = 0;
});
afterEach(() => {
  closeTransport();
  undoEnv();
});

describe('without a key', () => {
  test('the screen says so and a save stores nothing (503 saying how to set one)', async () => {
    setEnv({ ENCRYPTION_KEY: undefined });
    const id = await adasBooking();
    const screen = await get(`/api/admin/bookings/${id}/notes`);
    expect(screen.status).toBe(200);
    expect(screen.body).toMatchObject({ encryption: false, notes: null, booking: { id, name: 'Ada Okafor' } });
    const saved = await save(id, { ...NOTES, version: 0 });
    expect(saved).toEqual({ status: 503, body: { message: ENCRYPTION_KEY_MISSING } });
    expect(ENCRYPTION_KEY_MISSING).toContain('openssl rand -base64 32');
    expect(await db().select().from(sessionNotes)).toEqual([]);
  });
});

describe('with a key', () => {
  test('saved, read back whole, and only ciphertext in the table; an older copy is refused', async () => {
    const id = await adasBooking();
    expect((await get(`/api/admin/bookings/${id}/notes`)).body).toMatchObject({ encryption: true, notes: null });
    const first = await save(id, { ...NOTES, version: 0 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ bookingId: id, ...NOTES, version: 1, sharedSentAt: null });

    const read = await get(`/api/admin/bookings/${id}/notes`);
    expect(read.body.notes).toMatchObject({ ...NOTES, version: 1 });

    const stored = await tableText('session_notes');
    expect(stored).toContain(`${id}`);
    for (const word of SECRET_WORDS) expect(stored).not.toContain(word);
    const [row] = await db().select().from(sessionNotes);
    expect(row!.sealed).toMatch(/^v1\.[\w-]{11}\.[\w-]{16}\.[\w-]+$/);

    // A second tab still at version 0, then one at version 1 after the save above.
    expect(await save(id, { ...NOTES, privateNotes: 'other', version: 0 })).toEqual({ status: 409, body: { message: NOTES_STALE } });
    const second = await save(id, { ...NOTES, privateNotes: 'Now calmer.', version: 1 });
    expect(second.body).toMatchObject({ privateNotes: 'Now calmer.', version: 2 });
    expect(await save(id, { ...NOTES, version: 1 })).toEqual({ status: 409, body: { message: NOTES_STALE } });
    expect((await get(`/api/admin/bookings/${id}/notes`)).body.notes.privateNotes).toBe('Now calmer.');

    // Saving twice under one key gives two different ciphertexts: a fresh nonce each time.
    const [again] = await db().select().from(sessionNotes);
    expect(again!.sealed).not.toBe(row!.sealed);
  });

  test('every bad input is a 400 naming the field, and an unknown booking a 404', async () => {
    const id = await adasBooking();
    const cases: [unknown, string][] = [
      [{ ...NOTES, privateNotes: 7, version: 0 }, 'Private notes must be text'],
      [{ ...NOTES, sharedNotes: 'x'.repeat(50_001), version: 0 }, 'Shared notes must be at most 50,000 characters'],
      [{ ...NOTES, actionItems: [{ text: '  ', done: false }], version: 0 }, 'An action item cannot be empty'],
      [{ ...NOTES, actionItems: [{ text: 'a', done: 'yes' }], version: 0 }, 'done must be true or false'],
      [{ ...NOTES, actionItems: Array.from({ length: 51 }, () => ({ text: 'a', done: false })), version: 0 }, 'At most 50 action items'],
      [{ ...NOTES, version: -1 }, 'version must be a whole number'],
      [{ ...NOTES }, 'version must be a whole number'],
    ];
    for (const [body, message] of cases) {
      const answer = await save(id, body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    expect(await save(999_999, { ...NOTES, version: 0 })).toEqual({ status: 404, body: { message: NOTES_NOT_FOUND } });
    expect((await get('/api/admin/bookings/999999/notes')).status).toBe(404);
    expect(await db().select().from(sessionNotes)).toEqual([]);
  });

  test('signed out, the notes are 401 and nothing is saved', async () => {
    const id = await adasBooking();
    expect((await request(`/api/admin/bookings/${id}/notes`)).status).toBe(401);
    expect((await sendJson('PUT', `/api/admin/bookings/${id}/notes`, { ...NOTES, version: 0 })).status).toBe(401);
    expect(await db().select().from(sessionNotes)).toEqual([]);
  });
});

describe('shared notes to the client', () => {
  test('sent once the session has started: sealed in the outbox, shown redacted to the admin, delivered readable', async () => {
    const upcoming = await adasBooking();
    await save(upcoming, { ...NOTES, version: 0 });
    expect(await send('POST', `/api/admin/bookings/${upcoming}/notes/send`, {})).toEqual({ status: 409, body: { message: NOTES_NOT_YET } });

    const id = await adasBooking({ started: true });
    await save(id, { ...NOTES, sharedNotes: ' ', actionItems: [], version: 0 });
    expect(await send('POST', `/api/admin/bookings/${id}/notes/send`, {})).toEqual({
      status: 409,
      body: { message: NOTES_NOTHING_TO_SHARE },
    });
    await save(id, { ...NOTES, version: 1 });
    const sent = await send('POST', `/api/admin/bookings/${id}/notes/send`, {});
    expect(sent.status).toBe(200);
    expect(sent.body.sharedSentAt).toEqual(expect.any(String));

    const [email] = (await outbox()).filter((row) => row.kind === 'session_notes');
    expect(email).toMatchObject({
      toAddress: 'ada@example.com',
      sealed: true,
      subject: expect.stringMatching(/^Notes from your intro call on /),
    });
    const stored = await tableText('outbox_emails');
    for (const word of SECRET_WORDS) expect(stored).not.toContain(word);
    const shown = await get(`/api/admin/outbox/${email!.id}`);
    expect(shown.body).toMatchObject({ text: SEALED_EMAIL_TEXT });

    const delivered = await deliveredNotes();
    const text = delivered.parsed.text ?? '';
    expect(text).toContain('We agreed on a *quieter calendar* for the Kilimanjaro offsite.');
    expect(text).toContain('☐ Draft the Serengeti memo');
    expect(text).toContain('☑ Call the chair');
    expect(text).not.toContain('Zanzibar');
    expect(delivered.parsed.html).toContain('<em>quieter calendar</em>');
    expect(delivered.parsed.html).not.toContain('Zanzibar');
  });
});

describe('keys', () => {
  test('another key is a clear error naming the key it needs; a ciphertext moved to another booking does not open', async () => {
    const id = await adasBooking();
    await save(id, { ...NOTES, version: 0 });
    setEnv({ ENCRYPTION_KEY: KEY_B });
    const read = await get(`/api/admin/bookings/${id}/notes`);
    expect(read.status).toBe(503);
    expect(read.body.message).toMatch(/^This text was encrypted with another key \(key id [\w-]{11}\)/);

    setEnv({ ENCRYPTION_KEY: KEY_A });
    const other = await adasBooking();
    await save(other, { ...NOTES, privateNotes: 'Other client', version: 0 });
    const [mine] = await db().select().from(sessionNotes).where(eq(sessionNotes.bookingId, id));
    await db().update(sessionNotes).set({ sealed: mine!.sealed }).where(eq(sessionNotes.bookingId, other));
    const moved = await get(`/api/admin/bookings/${other}/notes`);
    expect(moved.status).toBe(503);
    expect(moved.body.message).toContain('does not open with its key');
  });

  test('rotation re-encrypts every note and sealed email with the new key; everything still reads without the old one', async () => {
    const id = await adasBooking({ started: true });
    await save(id, { ...NOTES, version: 0 });
    await send('POST', `/api/admin/bookings/${id}/notes/send`, {});
    const before = await db().select().from(sessionNotes);

    setEnv({ ENCRYPTION_KEY: KEY_B, ENCRYPTION_KEY_PREVIOUS: KEY_A });
    // Readable during the rotation, through the previous key.
    expect((await get(`/api/admin/bookings/${id}/notes`)).body.notes).toMatchObject(NOTES);
    expect(await rotateEncryptionKey()).toEqual({ notes: 1, emails: 1, calendars: 0, unreadable: [] });
    expect(await rotateEncryptionKey()).toEqual({ notes: 0, emails: 0, calendars: 0, unreadable: [] });
    const after = await db().select().from(sessionNotes);
    expect(after[0]!.sealed.split('.')[1]).not.toBe(before[0]!.sealed.split('.')[1]);

    setEnv({ ENCRYPTION_KEY_PREVIOUS: undefined });
    expect((await get(`/api/admin/bookings/${id}/notes`)).body.notes).toMatchObject(NOTES);
    const delivered = await deliveredNotes();
    expect(delivered.parsed.text).toContain('Kilimanjaro');
  });

  test('a note under a key that is neither is reported by the rotation and left as it was', async () => {
    const id = await adasBooking();
    await save(id, { ...NOTES, version: 0 });
    const [before] = await db().select().from(sessionNotes);
    setEnv({ ENCRYPTION_KEY: KEY_B, ENCRYPTION_KEY_PREVIOUS: randomBytes(32).toString('base64') });
    const result = await rotateEncryptionKey();
    expect(result).toMatchObject({ notes: 0, emails: 0 });
    expect(result.unreadable).toEqual([
      expect.stringMatching(new RegExp(`^The notes of booking ${id}: This text was encrypted with another key`)),
    ]);
    expect(await db().select().from(sessionNotes)).toEqual([before!]);
  });
});

describe('the client page', () => {
  test('its timeline says when the notes were written and links them, never what they say', async () => {
    const id = await adasBooking();
    const client = await send('POST', '/api/admin/clients', {
      name: 'Ada Okafor',
      email: 'ada@example.com',
      phone: '',
      organisation: '',
      timeZone: null,
      status: 'active',
      tags: [],
    });
    expect(client.status).toBe(201);
    await save(id, { ...NOTES, version: 0 });
    const { body } = await get(`/api/admin/clients/${client.body.id}`);
    const notes = body.timeline.filter((event: { kind: string }) => event.kind === 'notes');
    expect(notes).toEqual([{ kind: 'notes', at: expect.any(String), id, session: 'Free intro call', start: expect.any(String) }]);
    for (const word of SECRET_WORDS) expect(JSON.stringify(body)).not.toContain(word);
  });
});

describe('privacy and audit', () => {
  test('the export holds the notes opened; erasure removes them; the audit log never holds note text', async () => {
    const id = await adasBooking({ started: true });
    await save(id, { ...NOTES, version: 0 });
    await send('POST', `/api/admin/bookings/${id}/notes/send`, {});
    const exported = await personalDataExport('ADA@example.com');
    expect(exported.introCalls[0]!.notes).toEqual(NOTES);
    expect(exported.emails.find((email) => email.kind === 'session_notes')!.text).toContain('Kilimanjaro');

    const audit = await tableText('audit_log');
    for (const word of SECRET_WORDS) expect(audit).not.toContain(word);

    await erasePersonalData('ada@example.com');
    expect(await db().select().from(sessionNotes)).toEqual([]);
    expect(await db().select().from(outboxEmails).where(eq(outboxEmails.kind, 'session_notes'))).toEqual([]);
    expect(await db().select({ id: auditLog.id }).from(auditLog).where(sql`${auditLog.details}::text ilike '%Kilimanjaro%'`)).toEqual([]);
  });
});
