import { z } from 'zod';

/** The largest id a serial (int4) column holds: a larger number could never name a row, and Postgres would refuse to compare it. */
export const INT4_MAX = 2_147_483_647;

/** A row's id in a JSON body: a whole number from 1 to INT4_MAX, every failure told with `message`. */
export const recordId = (message: string) => z.number(message).int(message).positive(message).max(INT4_MAX, message);
