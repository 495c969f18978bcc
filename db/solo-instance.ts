// Whether this instance is provably the only one on its database. A cache hit waits for one
// round trip on the LISTEN connection so that a change made on another instance is never served
// stale (server/cache/content-events.ts); with no other instance there is nothing to wait for, and
// that round trip was what held cached pages to a fifth of the machine's ceiling
// (docs/benchmarks.md).
//
// The proof is a session-level advisory lock taken on the LISTEN connection, so it lives exactly
// as long as that connection:
//  - after each LISTEN, an instance tries the lock exclusively: if it gets it, it is solo;
//  - otherwise it announces itself on PEERS_CHANNEL and waits for the lock in shared mode. A solo
//    instance hearing the announcement stops being solo first, then takes the lock shared and
//    lets its exclusive hold go — only then can the newcomer finish starting, so it cannot change
//    anything while another instance still skips the barrier.
// Instances that are not solo keep holding the lock shared, so a later one never finds it free.

/** The channel instances announce themselves on (LISTENed alongside the app's channels). */
export const PEERS_CHANNEL = 'coaching_site_instances';
/** The advisory lock key (the app's others: migrations 72_410_000, seed …001, slugs …002, backlog …003, outbox claims …005). */
export const SOLO_LOCK_KEY = 72_410_004;
// How long a newcomer waits for a solo instance to let go before announcing itself again.
const HANDOVER_TIMEOUT_MS = 5_000;
const QUERY_CANCELED = '57014';

/** Runs one statement on the LISTEN connection's session. */
export type SessionQuery = (statement: string) => Promise<Record<string, unknown>[]>;

export function soloInstance(id: string = crypto.randomUUID()) {
  let solo = false;
  // An announcement heard while not solo — between a new session's LISTEN and its claim, or in
  // the same network read as the claim's answer — is remembered: if the claim then makes this
  // instance solo, it hands over at once instead of leaving the newcomer waiting (and, meanwhile,
  // acknowledging changes this instance would not wait for). One from an instance long gone only
  // costs a needless handover.
  let announcedMeanwhile = false;

  const handOver = async (query: SessionQuery) => {
    solo = false;
    // Shared first, then the exclusive hold goes: there is no moment without the lock.
    await query(`select pg_advisory_lock_shared(${SOLO_LOCK_KEY})`);
    await query(`select pg_advisory_unlock(${SOLO_LOCK_KEY})`);
  };

  return {
    /** What this instance announces itself with. */
    id,
    isSolo: () => solo,

    /** After every successful LISTEN on a fresh session (a lost session lost the lock with it). */
    async claim(query: SessionQuery): Promise<void> {
      solo = false;
      const [row] = await query(`select pg_try_advisory_lock(${SOLO_LOCK_KEY}) as locked`);
      const announced = announcedMeanwhile;
      announcedMeanwhile = false;
      if (row?.locked !== true) return waitForSharedLock(query);
      solo = true;
      if (announced) await handOver(query);
    },

    /** A notification on PEERS_CHANNEL: another instance is starting. */
    async announced(payload: string, query: SessionQuery): Promise<void> {
      if (payload === id || payload === '') return;
      if (solo) await handOver(query);
      else announcedMeanwhile = true;
    },

    /** The LISTEN connection closed: its lock is gone. */
    lost(): void {
      solo = false;
    },
  };

  /**
   * Announces this instance and waits until the lock can be held shared, announcing again after
   * each wait that timed out: never going on without it, or a later instance could find the lock
   * free and go solo beside this one.
   */
  async function waitForSharedLock(query: SessionQuery): Promise<void> {
    await query(`set statement_timeout = ${HANDOVER_TIMEOUT_MS}`);
    try {
      for (;;) {
        await query(`select pg_notify('${PEERS_CHANNEL}', '${id}')`);
        try {
          await query(`select pg_advisory_lock_shared(${SOLO_LOCK_KEY})`);
          return;
        } catch (error) {
          if ((error as { code?: string }).code !== QUERY_CANCELED) throw error;
          console.error(JSON.stringify({ time: new Date().toISOString(), level: 'warn', event: 'waiting_for_solo_instance_handover' }));
        }
      }
    } finally {
      await query('set statement_timeout = 0').catch(() => {});
    }
  }
}
