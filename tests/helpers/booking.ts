// The booking tests' site (tests/api/booking*.test.ts): booking on, open every hour of every day,
// with an owner to be told of each call, and a clean slate before each test (no bookings, no queued
// emails, no rate limits, no CONTACT_EMAIL); the visitor's calls and what a test reads back.
import { afterEach, beforeAll, beforeEach, expect } from 'bun:test';
import { asc } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { Database } from '#db/client.ts';
import { bookings, outboxEmails, rateLimits, siteSettings, users } from '#db/schema.ts';
import { typedApi } from './api.ts';
import { sendJson } from './app.ts';
import { setEnv } from './env.ts';
import { openAvailability } from './open-availability.ts';

export const OWNER = 'coach@coach.example';
export const HOUR = 60 * 60 * 1000;

const VISITOR = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  topic: 'Leading a team through a merger',
  timeZone: 'America/New_York',
};

/** An email's calendar invitation, read with ical.js. */
export function parseInvite(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    organizer: event.organizer,
    attendees: event.attendees.map((attendee) => attendee.getFirstValue()),
    status: event.component.getFirstPropertyValue('status'),
    location: event.location ?? null,
    url: event.component.getFirstPropertyValue('url') ?? null,
  };
}

/** The signed token of the manage link in an email's text. */
export const manageTokenIn = (text: string) => {
  const token = text.match(/\/book\/manage\?token=([A-Za-z0-9._-]+)/)?.[1];
  if (!token) throw new Error('no manage link in the email');
  return token;
};

/**
 * The calling file's booking site (call it after setupTestDatabase): `book` books as the visitor
 * from a fresh IP unless given one, `slots` lists the free ones, `outbox` reads the queued emails.
 */
export function setupBookingSite(db: () => Database) {
  const { publicApi } = typedApi();
  let ipCounter = 0;
  const freshIp = () => `198.18.7.${++ipCounter % 250}`;

  async function setSetting(key: string, value: unknown) {
    await db().insert(siteSettings).values({ key, value }).onConflictDoUpdate({ target: siteSettings.key, set: { value } });
  }

  async function slots() {
    const response = await publicApi.booking.slots.$get({ query: {} });
    expect(response.status).toBe(200);
    return response.json();
  }

  const book = (body: Record<string, unknown>, ip = freshIp()) => sendJson('POST', '/api/bookings', { ...VISITOR, ...body }, { ip });

  const outbox = () => db().select().from(outboxEmails).orderBy(asc(outboxEmails.id));

  beforeAll(async () => {
    await db().insert(users).values({ email: OWNER, passwordHash: 'x', role: 'admin', isOwner: true }).onConflictDoNothing();
  });

  let undoEnv: () => void;
  beforeEach(async () => {
    undoEnv = setEnv({ CONTACT_EMAIL: undefined });
    await db().delete(bookings);
    await db().delete(outboxEmails);
    await db().delete(rateLimits);
    await setSetting('bookingEnabled', true);
    await setSetting('bookingAvailability', openAvailability());
  });
  afterEach(() => undoEnv());

  return { freshIp, setSetting, slots, book, outbox };
}
