import { sql } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

// Column helpers the feature files share. db/schema.ts does not re-export them: they are not tables.

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Lists the allowed values of an enumerated text column as a check constraint. */
export const oneOf = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});
