// What every fault test runs with: the repository root, the variant (short or FAULT_FULL=1) and the
// owner account the servers are started with.
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dir, '../../..');
/** FAULT_FULL=1: the durations of docs/reliability.md; otherwise a short variant of a few seconds. */
export const FULL = process.env.FAULT_FULL === '1';
export const VARIANT = FULL ? 'full' : 'short';
export const OWNER_EMAIL = 'owner@example.com';
export const OWNER_PASSWORD = 'Fault-Owner-Passw0rd!';
