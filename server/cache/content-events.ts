import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '#db/client.ts';
import { database } from '../db.ts';
import { log } from '../log.ts';
import { type ContentChange, pageCache } from './page-cache.ts';

// Every instance listens on one Postgres channel. Whoever changes public content clears what it
// shows from its own cache at once, notifies the others, and is done only once every other
// listening instance has acknowledged that it cleared too (issue 18, point 3). So the cost of
// freshness is the writer's: a cache hit never waits for the database.
//
// An instance that is not sure to hear changes serves nothing from its cache: while its listening
// connection is down, and when it has not completed a round trip on that connection for LEASE_MS
// (a connection that hangs, a process paused). A writer waits for an acknowledgement at most
// ACK_TIMEOUT_MS, longer than any lease that started before its change, so an instance that did
// not acknowledge has stopped serving its cache by the time the writer goes on.
const CHANNEL = 'content_changed';
const ACK_CHANNEL = 'content_changed_ack';
/** How often an instance renews its lease with a round trip on its listening connection. */
const LEASE_RENEW_MS = 1_000;
/** How long after the start of its last round trip an instance still serves its cache. */
const LEASE_MS = 3_000;
const ACK_TIMEOUT_MS = LEASE_MS + 2_000;
// How long a change waits for this instance's listening connection to be back (after a restart
// of the database, or a connection the driver only replaces after its 3 s connect timeout)
// before it is acknowledged anyway.
const LISTENING_TIMEOUT_MS = 15_000;
// Postgres refuses payloads from 8000 bytes: a change naming more posts than fit clears everything.
const MAX_SCOPE_LENGTH = 7_000;

/** `<change id> <writer instance> <scope>`: the scope is `*` (everything) or the change as JSON (`{"posts":[…]}`, `{"pages":[…]}`). */
function encode(id: string, writer: string, change: ContentChange | undefined): string {
  const scope = change ? JSON.stringify(change) : '*';
  return `${id} ${writer} ${scope.length > MAX_SCOPE_LENGTH ? '*' : scope}`;
}

function decode(payload: string): { id: string; writer: string; change: ContentChange | undefined } | undefined {
  const [id, writer, ...rest] = payload.split(' ');
  if (!id || !writer) return undefined;
  const scope = rest.join(' ');
  if (scope === '*') return { id, writer, change: undefined };
  try {
    const parsed: unknown = JSON.parse(scope);
    const list = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');
    if (parsed && typeof parsed === 'object') {
      if ('posts' in parsed && list(parsed.posts)) return { id, writer, change: { posts: parsed.posts as string[] } };
      if ('pages' in parsed && list(parsed.pages)) return { id, writer, change: { pages: parsed.pages as string[] } };
    }
  } catch {}
  return { id, writer, change: undefined };
}

interface Listener {
  instanceId: string;
  whenListening(): Promise<void>;
  /** Before notifying change `id`: resolves once the other instances acknowledged it (or the timeout). */
  acknowledgements(id: string): () => Promise<void>;
  cacheIsCurrent(): boolean;
}

// This process's listener, kept on globalThis: the production bundle carries its own copy of
// this module next to the start script's (as with the page cache).
const LISTENER = Symbol.for('coaching-site.content-listener');
const shared = globalThis as Record<symbol, Listener | undefined>;

/**
 * Call after any write that changes what a public page shows: with the posts written (their
 * slugs, old and new) when only posts changed, else with nothing (everything may show it).
 */
export async function contentChanged(change?: ContentChange): Promise<void> {
  pageCache.invalidate(change);
  const listener = shared[LISTENER];
  // Not acknowledged while this instance is not listening: it could not hear the others' answers.
  await listener?.whenListening();
  const id = crypto.randomUUID();
  const acknowledged = listener?.acknowledgements(id);
  const db = await database();
  await db.execute(sql`select pg_notify(${CHANNEL}, ${encode(id, listener?.instanceId ?? '-', change)})`);
  await acknowledged?.();
}

/** Clears this instance's page cache of what each change shows, whichever instance made it, and answers it. */
export async function listenForContentChanges(handle: DatabaseHandle): Promise<() => Promise<void>> {
  const waiting = new Map<string, { acked: Set<string>; heard?: () => void }>();
  let leaseFrom = Number.NEGATIVE_INFINITY;

  const acknowledge = (id: string) =>
    handle.db.execute(sql`select pg_notify(${ACK_CHANNEL}, ${`${id} ${handle.instanceId}`})`).catch((error: unknown) => {
      log('warn', 'content_change_ack_failed', { error: error instanceof Error ? error.message : String(error) });
    });

  // Called with '' when the connection is back after a loss: changes may have been missed.
  const stopChanges = await handle.listen(CHANNEL, (payload) => {
    const message = decode(payload);
    pageCache.invalidate(message?.change);
    if (message && message.writer !== handle.instanceId) void acknowledge(message.id);
  });
  const stopAcks = await handle.listen(ACK_CHANNEL, (payload) => {
    const [id = '', from = ''] = payload.split(' ');
    const wait = waiting.get(id);
    if (!wait) return;
    wait.acked.add(from);
    wait.heard?.();
  });

  const renewLease = async () => {
    const started = performance.now();
    if (await handle.notificationBarrier().catch(() => false)) leaseFrom = started;
  };
  await renewLease();
  const renewal = setInterval(() => void renewLease(), LEASE_RENEW_MS);

  shared[LISTENER] = {
    instanceId: handle.instanceId,
    whenListening: () => handle.whenListening(LISTENING_TIMEOUT_MS),
    cacheIsCurrent: () => handle.isListening() && performance.now() - leaseFrom < LEASE_MS,
    acknowledgements(id) {
      const wait: { acked: Set<string>; heard?: () => void } = { acked: new Set() };
      waiting.set(id, wait);
      return async () => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        try {
          // Asked after the notification: every instance listening then has heard it.
          const peers = await handle.peers();
          await new Promise<void>((resolve) => {
            wait.heard = () => peers.every((peer) => wait.acked.has(peer)) && resolve();
            wait.heard();
            timer = setTimeout(() => {
              const silent = peers.filter((peer) => !wait.acked.has(peer));
              log('warn', 'content_change_unacknowledged', { instances: silent });
              resolve();
            }, ACK_TIMEOUT_MS);
          });
        } finally {
          clearTimeout(timer);
          waiting.delete(id);
        }
      };
    },
  };

  return async () => {
    clearInterval(renewal);
    delete shared[LISTENER];
    await Promise.all([stopChanges(), stopAcks()]);
  };
}

/**
 * Whether this instance's cache may be served, decided without waiting: it is listening, and its
 * lease is current (see above). Every change another instance made before now has then cleared
 * it, since that writer is not done until this instance acknowledged or its lease ran out.
 */
export function cacheIsCurrent(): boolean {
  return shared[LISTENER]?.cacheIsCurrent() ?? true;
}
