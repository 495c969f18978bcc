import {
  createAccount,
  type DAVCalendar,
  deleteCalendarObject,
  fetchCalendarObjects,
  fetchCalendars,
  getBasicAuthHeaders,
  isCollectionDirty,
  updateCalendarObject,
} from 'tsdav';
import { CalendarFetchError, guardedFetch, httpFailure } from '#server/calendars/guarded-fetch.ts';
import { CalendarDataError } from '#server/calendars/ics-busy.ts';
import { env } from '#server/env.ts';
import { log } from '#server/log.ts';

// Every request to a coach's calendar server goes through here: the guarded fetch (no private
// addresses, a deadline, a size cap, no redirect to another host) and tsdav for CalDAV. tsdav
// answers some refusals with an empty list rather than an error, so the fetch it is given notes
// every refusal, and a call that met one fails with the status in words: a calendar that answered
// 401 must never read as "no busy times".

export class CalendarError extends Error {}

export interface CalDavLogin {
  serverUrl: string;
  username: string;
  password: string;
}

function calendarFetch(): typeof globalThis.fetch {
  const limits = env();
  return guardedFetch({
    allowPrivate: limits.CALENDAR_ALLOW_PRIVATE,
    timeoutMs: limits.CALENDAR_TIMEOUT_MS,
    maxBytes: limits.CALENDAR_MAX_BYTES,
  });
}

/** A guarded fetch that remembers the last status of 400 or more it saw. */
function watchedFetch() {
  const inner = calendarFetch();
  let refused: number | null = null;
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await inner(input, init);
    if (response.status >= 400) refused = response.status;
    return response;
  }) as typeof globalThis.fetch;
  return { fetch, refused: () => refused };
}

/** Any failure of a calendar request, as the coach reads it. */
export function inWords(error: unknown, refused: number | null = null): string {
  if (error instanceof CalendarError || error instanceof CalendarFetchError || error instanceof CalendarDataError) return error.message;
  if (refused !== null) return httpFailure(refused);
  log('warn', 'calendar_request_failed', { error: String(error) });
  return 'The calendar server gave an answer that could not be used';
}

/** Runs tsdav calls with a watched fetch; a refusal seen on the way fails the whole with its words. */
async function davCall<T>(
  login: CalDavLogin,
  call: (fetch: typeof globalThis.fetch, headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const watched = watchedFetch();
  const headers = getBasicAuthHeaders({ username: login.username, password: login.password });
  let result: T;
  try {
    result = await call(watched.fetch, headers);
  } catch (error) {
    throw new CalendarError(inWords(error, watched.refused()));
  }
  const refused = watched.refused();
  if (refused !== null) throw new CalendarError(httpFailure(refused));
  return result;
}

export interface RemoteCalendar {
  url: string;
  name: string;
}

/** Signs in to a CalDAV account and lists its calendars of events. */
export async function listCalDavCalendars(login: CalDavLogin): Promise<RemoteCalendar[]> {
  const watched = watchedFetch();
  const headers = getBasicAuthHeaders({ username: login.username, password: login.password });
  let found: DAVCalendar[];
  try {
    const account = await createAccount({
      account: { serverUrl: login.serverUrl, accountType: 'caldav', credentials: { username: login.username, password: login.password } },
      headers,
      fetch: watched.fetch,
    });
    found = await fetchCalendars({ account, headers, fetch: watched.fetch });
  } catch (error) {
    // Discovery tries addresses that may not exist (/.well-known/caldav): only a refusal of the account says why it failed.
    throw new CalendarError(inWords(error, watched.refused()));
  }
  const refused = watched.refused();
  if (found.length === 0 && (refused === 401 || refused === 403)) throw new CalendarError(httpFailure(refused));
  const events = found.filter((calendar) => !calendar.components || calendar.components.includes('VEVENT'));
  if (events.length === 0) throw new CalendarError('The account has no calendar of events');
  return events.map((calendar) => ({
    url: calendar.url,
    name:
      (typeof calendar.displayName === 'string' && calendar.displayName.trim()) ||
      new URL(calendar.url).pathname.split('/').filter(Boolean).at(-1) ||
      'Calendar',
  }));
}

/** What a read gave: the calendar's data and its version, or "unchanged since `version`". */
export type RemoteRead = { changed: false } | { changed: true; data: string[]; version: string | null };

/** Reads a CalDAV calendar's events in a window, unless its ctag still says `version`. */
export function readCalDavCalendar(
  login: CalDavLogin,
  url: string,
  version: string | null,
  window: { start: Date; end: Date },
): Promise<RemoteRead> {
  return davCall(login, async (fetch, headers) => {
    const { isDirty, newCtag } = await isCollectionDirty({ collection: { url, ctag: version ?? undefined }, headers, fetch });
    if (version !== null && !isDirty) return { changed: false };
    const objects = await fetchCalendarObjects({
      calendar: { url },
      timeRange: { start: window.start.toISOString(), end: window.end.toISOString() },
      headers,
      fetch,
    });
    return { changed: true, data: objects.map((object) => String(object.data ?? '')), version: newCtag || null };
  });
}

/** An iCalendar feed's validators from its last read, for a conditional request. */
interface FeedVersion {
  etag?: string;
  lastModified?: string;
}

/** Reads a feed (its secret address), conditionally when the last read left an ETag or Last-Modified. */
export async function readFeed(address: string, version: string | null): Promise<RemoteRead> {
  const last: FeedVersion = version ? JSON.parse(version) : {};
  let response: Response;
  try {
    response = await calendarFetch()(address, {
      headers: {
        accept: 'text/calendar, */*;q=0.5',
        ...(last.etag ? { 'if-none-match': last.etag } : {}),
        ...(last.lastModified ? { 'if-modified-since': last.lastModified } : {}),
      },
    });
  } catch (error) {
    throw new CalendarError(inWords(error));
  }
  if (response.status === 304) return { changed: false };
  if (!response.ok) throw new CalendarError(httpFailure(response.status));
  const next: FeedVersion = {
    ...(response.headers.get('etag') ? { etag: response.headers.get('etag')! } : {}),
    ...(response.headers.get('last-modified') ? { lastModified: response.headers.get('last-modified')! } : {}),
  };
  return { changed: true, data: [await response.text()], version: Object.keys(next).length ? JSON.stringify(next) : null };
}

/** Writes a booking's event at `href` (PUT: creates it or replaces it), or removes it (DELETE; already gone is done). */
export async function writeEvent(login: CalDavLogin, href: string, ics: string | null): Promise<void> {
  const headers = getBasicAuthHeaders({ username: login.username, password: login.password });
  const fetch = calendarFetch();
  let response: Response;
  try {
    response =
      ics === null
        ? await deleteCalendarObject({ calendarObject: { url: href }, headers, fetch })
        : await updateCalendarObject({ calendarObject: { url: href, data: ics }, headers, fetch });
  } catch (error) {
    throw new CalendarError(inWords(error));
  }
  if (ics === null && (response.status === 404 || response.status === 410)) return;
  if (!response.ok) throw new CalendarError(httpFailure(response.status));
}
