import { expect, test } from 'bun:test';
import { PEERS_CHANNEL, type SessionQuery, SOLO_LOCK_KEY, soloInstance } from '#db/solo-instance.ts';

/** A LISTEN session that records every statement; the lock is free unless `lockTaken`. */
function fakeSession({ lockTaken = false, timeouts = 0 } = {}) {
  const statements: string[] = [];
  let timeoutsLeft = timeouts;
  const query: SessionQuery = async (statement) => {
    statements.push(statement);
    if (statement.includes('pg_try_advisory_lock(')) return [{ locked: !lockTaken }];
    if (statement.includes('pg_advisory_lock_shared(') && timeoutsLeft > 0) {
      timeoutsLeft--;
      throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    }
    return [];
  };
  return { statements, query };
}

const TRY = `select pg_try_advisory_lock(${SOLO_LOCK_KEY}) as locked`;
const SHARED = `select pg_advisory_lock_shared(${SOLO_LOCK_KEY})`;
const UNLOCK = `select pg_advisory_unlock(${SOLO_LOCK_KEY})`;
const announce = (id: string) => `select pg_notify('${PEERS_CHANNEL}', '${id}')`;

test('alone: the claim gets the lock exclusively and the instance is solo', async () => {
  const solo = soloInstance('me');
  const session = fakeSession();
  await solo.claim(session.query);
  expect(solo.isSolo()).toBe(true);
  expect(session.statements).toEqual([TRY]);
});

test('a newcomer announcing itself makes a solo instance take the lock shared, then let the exclusive hold go', async () => {
  const solo = soloInstance('me');
  const session = fakeSession();
  await solo.claim(session.query);
  await solo.announced('newcomer', session.query);
  expect(solo.isSolo()).toBe(false);
  expect(session.statements).toEqual([TRY, SHARED, UNLOCK]);
  // Further announcements change nothing: it is no longer solo.
  await solo.announced('another', session.query);
  expect(session.statements).toEqual([TRY, SHARED, UNLOCK]);
});

test('its own announcement, and the empty payload of a reconnect, are ignored', async () => {
  const solo = soloInstance('me');
  const session = fakeSession();
  await solo.claim(session.query);
  await solo.announced('me', session.query);
  await solo.announced('', session.query);
  expect(solo.isSolo()).toBe(true);
});

test('with the lock held elsewhere, the instance announces itself and waits for it shared', async () => {
  const solo = soloInstance('me');
  const session = fakeSession({ lockTaken: true });
  await solo.claim(session.query);
  expect(solo.isSolo()).toBe(false);
  expect(session.statements).toEqual([TRY, 'set statement_timeout = 5000', announce('me'), SHARED, 'set statement_timeout = 0']);
});

test('a wait that times out is announced again: it never goes on without the lock', async () => {
  const solo = soloInstance('me');
  const session = fakeSession({ lockTaken: true, timeouts: 2 });
  await solo.claim(session.query);
  expect(session.statements.filter((statement) => statement === announce('me'))).toHaveLength(3);
  expect(session.statements.filter((statement) => statement === SHARED)).toHaveLength(3);
});

test('an announcement heard before the claim is through is handed over as soon as the claim makes it solo', async () => {
  const solo = soloInstance('me');
  const session = fakeSession();
  // Heard between the new session's LISTEN and its claim: not solo yet, so only remembered.
  await solo.announced('newcomer', session.query);
  expect(session.statements).toEqual([]);
  await solo.claim(session.query);
  expect(solo.isSolo()).toBe(false);
  expect(session.statements).toEqual([TRY, SHARED, UNLOCK]);
});

test('a lost connection ends solo at once', async () => {
  const solo = soloInstance('me');
  await solo.claim(fakeSession().query);
  solo.lost();
  expect(solo.isSolo()).toBe(false);
});
