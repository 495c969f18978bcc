import { expect, test } from 'bun:test';
import { coalesce } from '../../server/cache/coalesce.ts';

/** A round trip the test finishes by hand, recording when each one started. */
function manualRoundTrips() {
  const started: (() => void)[] = [];
  const roundTrip = () => new Promise<void>((resolve) => started.push(resolve));
  return { started, roundTrip };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

test('callers arriving during a round trip share the next one, which starts after they called', async () => {
  const { started, roundTrip } = manualRoundTrips();
  const barrier = coalesce(roundTrip);
  const done: string[] = [];
  void barrier().then(() => done.push('first'));
  void barrier().then(() => done.push('second'));
  void barrier().then(() => done.push('third'));
  expect(started).toHaveLength(1);

  started[0]!();
  await tick();
  // The first trip began before the second and third callers: they are still waiting, on one new trip.
  expect(done).toEqual(['first']);
  expect(started).toHaveLength(2);

  started[1]!();
  await tick();
  expect(done).toEqual(['first', 'second', 'third']);
  expect(started).toHaveLength(2);
});

test('a caller after everything settled starts its own round trip', async () => {
  const { started, roundTrip } = manualRoundTrips();
  const barrier = coalesce(roundTrip);
  const first = barrier();
  started[0]!();
  await first;
  await tick();
  const second = barrier();
  expect(started).toHaveLength(2);
  started[1]!();
  await second;
});

test('a failed round trip fails its callers and does not block the next ones', async () => {
  let calls = 0;
  const barrier = coalesce(async () => {
    calls++;
    if (calls === 1) throw new Error('connection lost');
  });
  const failing = barrier();
  const waiting = barrier();
  await expect(failing).rejects.toThrow('connection lost');
  await waiting;
  expect(calls).toBe(2);
});
