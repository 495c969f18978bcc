import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A real CalDAV server for the calendar tests (issue 34): Radicale from Debian, on a free loopback
// port, with its own users file and storage in a temporary folder, gone with stop().

export interface Radicale {
  /** The server's root, as a coach would type it: http://127.0.0.1:PORT/ */
  url: string;
  stop(): Promise<void>;
}

const RADICALE = process.env.RADICALE_PATH ?? '/usr/bin/radicale';

async function freePort(): Promise<number> {
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const { port } = probe;
  probe.stop(true);
  return port;
}

const basic = (user: string, password: string) => ({ Authorization: `Basic ${btoa(`${user}:${password}`)}` });

/** Starts Radicale with these users (name → password), each owning their own collections. */
export async function startRadicale(users: Record<string, string>): Promise<Radicale> {
  const folder = mkdtempSync(path.join(tmpdir(), 'radicale-'));
  const htpasswd = path.join(folder, 'users');
  writeFileSync(
    htpasswd,
    `${Object.entries(users)
      .map(([user, password]) => `${user}:${password}`)
      .join('\n')}\n`,
  );
  const port = await freePort();
  const child = Bun.spawn(
    [
      RADICALE,
      '--config',
      '',
      '--server-hosts',
      `127.0.0.1:${port}`,
      '--auth-type',
      'htpasswd',
      '--auth-htpasswd-filename',
      htpasswd,
      '--auth-htpasswd-encryption',
      'plain',
      '--auth-delay',
      '0',
      '--rights-type',
      'owner_only',
      '--storage-filesystem-folder',
      path.join(folder, 'collections'),
      '--logging-level',
      'warning',
    ],
    { stdout: 'ignore', stderr: 'pipe' },
  );
  const url = `http://127.0.0.1:${port}/`;
  // A test process that dies without stop() takes its server with it.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  const stop = async () => {
    process.off('exit', orphan);
    child.kill('SIGKILL');
    await child.exited;
    rmSync(folder, { recursive: true, force: true });
  };
  for (let tries = 0; ; tries++) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1_000) });
      return { url, stop };
    } catch {
      if (tries >= 100 || child.exitCode !== null) {
        const log = await new Response(child.stderr).text().catch(() => '');
        await stop();
        throw new Error(`Radicale did not start: ${log}`);
      }
      await Bun.sleep(100);
    }
  }
}

/** Makes a calendar (MKCALENDAR) in the user's home; its address. */
export async function makeCalendar(server: Radicale, user: string, password: string, name: string): Promise<string> {
  // The first request of a user makes their home collection.
  await fetch(`${server.url}${user}/`, { method: 'PROPFIND', headers: { ...basic(user, password), Depth: '0' } });
  const calendarUrl = `${server.url}${user}/${name}/`;
  const made = await fetch(calendarUrl, {
    method: 'MKCALENDAR',
    headers: { ...basic(user, password), 'Content-Type': 'application/xml' },
    body: `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop><D:displayname>${name}</D:displayname>
  <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set></D:prop></D:set>
</C:mkcalendar>`,
  });
  if (made.status !== 201) throw new Error(`MKCALENDAR ${name}: ${made.status} ${await made.text()}`);
  return calendarUrl;
}

/** Puts an event (a whole VCALENDAR text) into a calendar under `filename`. */
export async function putEvent(calendarUrl: string, user: string, password: string, filename: string, ics: string): Promise<void> {
  const put = await fetch(`${calendarUrl}${filename}`, {
    method: 'PUT',
    headers: { ...basic(user, password), 'Content-Type': 'text/calendar; charset=utf-8' },
    body: ics,
  });
  if (put.status !== 201 && put.status !== 204) throw new Error(`PUT ${filename}: ${put.status} ${await put.text()}`);
}

/** The UIDs of the events in a calendar, one per stored object (a duplicate shows twice). */
export async function eventUids(calendarUrl: string, user: string, password: string): Promise<string[]> {
  const listed = await fetch(calendarUrl, {
    method: 'PROPFIND',
    headers: { ...basic(user, password), Depth: '1', 'Content-Type': 'application/xml' },
    body: '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>',
  });
  const hrefs = [...(await listed.text()).matchAll(/<(?:\w+:)?href>([^<]+\.ics)<\/(?:\w+:)?href>/g)].map((match) => match[1]!);
  const uids: string[] = [];
  for (const href of hrefs) {
    const object = await (await fetch(new URL(href, calendarUrl), { headers: basic(user, password) })).text();
    uids.push(...[...object.matchAll(/^UID:(.+?)\r?$/gm)].map((match) => match[1]!.trim()));
  }
  return uids;
}

/** A request the proxy passed on (or answered itself). */
export interface ProxiedRequest {
  method: string;
  path: string;
}

/**
 * A loopback proxy in front of a Radicale server, for the tests that need to see what the site
 * asks (a CalDAV read that should stop at the ctag) or make the server misbehave: each request is
 * noted; `answer` may reply in the server's place (return undefined to pass the request on).
 */
export function startDavProxy(server: Radicale) {
  let seen: ProxiedRequest[] = [];
  let answer: ((request: Request) => Response | undefined) | null = null;
  const proxy = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const url = new URL(request.url);
      seen.push({ method: request.method, path: url.pathname });
      const instead = answer?.(request);
      if (instead) return instead;
      const headers = new Headers(request.headers);
      // Bun's fetch would undo a compressed answer and keep its header: ask for none.
      headers.delete('accept-encoding');
      headers.delete('host');
      const upstream = await fetch(new URL(`${url.pathname}${url.search}`, server.url), {
        method: request.method,
        headers,
        body: request.body ? await request.arrayBuffer() : undefined,
        redirect: 'manual',
      });
      const back = new Headers(upstream.headers);
      for (const name of ['content-encoding', 'content-length', 'transfer-encoding']) back.delete(name);
      return new Response(await upstream.arrayBuffer(), { status: upstream.status, headers: back });
    },
  });
  return {
    /** The proxy's root, to connect in Radicale's place: http://127.0.0.1:PORT/ */
    url: `http://127.0.0.1:${proxy.port}/`,
    requests: () => seen,
    /** How many requests of this method (PROPFIND, REPORT, PUT…) it has seen since the last clear. */
    count: (method: string) => seen.filter((request) => request.method === method).length,
    clear() {
      seen = [];
    },
    answer(next: ((request: Request) => Response | undefined) | null) {
      answer = next;
    },
    stop: () => proxy.stop(true),
  };
}
