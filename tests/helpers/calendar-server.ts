// A calendar feed on a loopback port for the calendar tests: it serves whatever iCalendar text the
// test sets, with an ETag (answering a matching If-None-Match with 304), or misbehaves as told: a
// status, no answer, a huge body, a redirect to another host. It counts the requests it gets.

export type FeedMode = 'ok' | 401 | 500 | 'hang' | 'huge' | 'redirect';

export function startCalendarFeed() {
  let body = '';
  let mode: FeedMode = 'ok';
  let requests: Request[] = [];
  const hanging = new Set<() => void>();
  const etag = () => `"${Bun.hash(body).toString(36)}"`;
  const server: Bun.Server<undefined> = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 30,
    fetch(request): Response | Promise<Response> {
      requests.push(request);
      switch (mode) {
        case 401:
        case 500:
          return new Response('no', { status: mode });
        case 'hang':
          return new Promise<Response>((resolve) => hanging.add(() => resolve(new Response('late'))));
        case 'huge': {
          // 20 MB in 64 KB chunks, with no Content-Length: only counting stops it.
          const chunk = new Uint8Array(64 * 1024).fill(65);
          let sent = 0;
          return new Response(
            new ReadableStream({
              pull(controller) {
                if (sent >= 20 * 1024 * 1024) controller.close();
                else {
                  controller.enqueue(chunk);
                  sent += chunk.length;
                }
              },
            }),
            { headers: { 'content-type': 'text/calendar' } },
          );
        }
        case 'redirect':
          // 127.0.0.2 is loopback too, but another host: the redirect must not be followed.
          return Response.redirect(`http://127.0.0.2:${server.port}/elsewhere.ics`, 302);
        default:
          if (request.headers.get('if-none-match') === etag()) return new Response(null, { status: 304, headers: { etag: etag() } });
          return new Response(body, { headers: { 'content-type': 'text/calendar; charset=utf-8', etag: etag() } });
      }
    },
  });
  return {
    /** The feed's secret address (the path is the secret a provider would give). */
    url: `http://127.0.0.1:${server.port}/calendar/ical/s3cr3t-token/basic.ics`,
    serve(text: string) {
      body = text;
      mode = 'ok';
    },
    misbehave(next: FeedMode) {
      mode = next;
    },
    requests: () => requests,
    /** The ETag of what it serves now. */
    etag,
    clearRequests() {
      requests = [];
    },
    stop() {
      for (const release of hanging) release();
      server.stop(true);
    },
  };
}

/** A calendar of opaque events (UTC), or with extra properties per event. */
export function icsOf(events: { start: Date; end: Date; uid?: string; extra?: string[] }[]): string {
  const stamp = (date: Date) =>
    date
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Calendar//EN',
    ...events.flatMap((event, index) => [
      'BEGIN:VEVENT',
      `UID:${event.uid ?? `event-${index}@calendar.test`}`,
      `DTSTAMP:${stamp(new Date())}`,
      `DTSTART:${stamp(event.start)}`,
      `DTEND:${stamp(event.end)}`,
      'SUMMARY:Dentist (private)',
      ...(event.extra ?? []),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
