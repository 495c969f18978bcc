import postgres from 'postgres';
import { connectionOptions, errorCode } from './postgres-pool.ts';
import { PEERS_CHANNEL, type SessionQuery, soloInstance } from './solo-instance.ts';

// LISTEN on one connection of its own. Postgres delivers notifications on it in order, so a round
// trip on it is a barrier (notificationBarrier). When it drops, LISTEN is issued again until it
// holds, and every listener is then called with '' for what it may have missed. The connection
// also holds the solo-instance lock (db/solo-instance.ts), and is named after this instance
// (`application_name`), so that a writer can tell which instances are listening (LISTENER_NAME).

type Listener = (payload: string) => void;

/** The `application_name` of every instance's listening connection: the prefix, then its id. */
export const LISTENER_NAME = 'coaching-site-listener:';

export interface Listening {
  /** This instance's id, as its listening connection is named. */
  instanceId: string;
  listen(channel: string, onNotify: Listener): Promise<() => Promise<void>>;
  notificationBarrier(): Promise<boolean>;
  isListening(): boolean;
  whenListening(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/** `announce` sends a statement through the pool, for when this connection is down. */
export function openListening(url: string, announce: (statement: string) => Promise<unknown>): Listening {
  const channels = new Map<string, Set<Listener>>();
  let listening = false;
  let epoch = 0;
  let relistening = false;
  let closed = false;
  // Whether a cache hit may skip the barrier: no other instance on this database.
  const solo = soloInstance();
  const sessionQuery: SessionQuery = (statement) => listener.unsafe(statement);
  const newListener = () =>
    postgres(url, {
      ...connectionOptions,
      max: 1,
      idle_timeout: 0,
      max_lifetime: 0,
      fetch_types: false,
      connection: { application_name: `${LISTENER_NAME}${solo.id}` },
      // Accepted by postgres.js (src/index.js) but missing from its types; sql.listen is built on it.
      ...({
        onnotify: (channel: string, payload: string) => {
          for (const fn of channels.get(channel) ?? []) fn(payload);
        },
      } as object),
      onclose: () => {
        epoch++;
        listening = false;
        solo.lost();
        void listenAgain();
      },
    });
  let listener = newListener();
  const quoted = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

  async function listenAgain(): Promise<void> {
    if (relistening || closed || channels.size === 0) return;
    relistening = true;
    try {
      while (!closed && !listening) {
        const attempt = epoch;
        try {
          for (const channel of channels.keys()) await listener.unsafe(`listen ${quoted(channel)}`);
          await solo.claim(sessionQuery);
          if (attempt !== epoch) continue;
          listening = true;
          for (const fns of channels.values()) for (const fn of fns) fn('');
        } catch (error) {
          if (errorCode(error) === 'CONNECT_TIMEOUT') {
            // A poisoned connection (defect 2 in postgres-pool.ts) never recovers: take a new one.
            const old = listener;
            listener = newListener();
            void old.end({ timeout: 1 }).catch(() => {});
          }
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
    } finally {
      relistening = false;
    }
  }

  return {
    instanceId: solo.id,
    listen: async (channel, onNotify) => {
      const known = channels.get(channel);
      if (known) known.add(onNotify);
      else {
        const first = channels.size === 0;
        channels.set(channel, new Set([onNotify]));
        if (first) {
          channels.set(PEERS_CHANNEL, new Set([(payload) => void solo.announced(payload, sessionQuery).catch(() => {})]));
          await listener.unsafe(`listen ${quoted(PEERS_CHANNEL)}`);
        }
        await listener.unsafe(`listen ${quoted(channel)}`);
        if (first) await solo.claim(sessionQuery);
        listening = true;
      }
      return async () => {
        const fns = channels.get(channel);
        fns?.delete(onNotify);
        if (fns?.size === 0) {
          channels.delete(channel);
          await listener.unsafe(`unlisten ${quoted(channel)}`).catch(() => {});
        }
      };
    },
    notificationBarrier: async () => {
      if (channels.size === 0) return true;
      if (!listening) return false;
      if (!solo.isSolo()) await listener`select 1`;
      return true;
    },
    isListening: () => listening || channels.size === 0,
    whenListening: async (timeoutMs) => {
      if (listening || closed || channels.size === 0) return;
      // Announced through the pool at once: an instance that went solo while this one's lock was
      // gone stops skipping its barrier now, not only once this one listens again.
      await announce(`select pg_notify('${PEERS_CHANNEL}', '${solo.id}')`).catch(() => {});
      const deadline = Date.now() + timeoutMs;
      while (!listening && !closed && channels.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    },
    close: async () => {
      closed = true;
      await listener.end({ timeout: 1 });
    },
  };
}
