import { type SQL, sql } from 'drizzle-orm';

/** A column holding `email`, compared without case (addresses are stored as typed). */
export const sameEmail = (column: SQL | SQL.Aliased | Parameters<typeof sql>[1], email: string) =>
  sql`lower(${column}) = ${email.toLowerCase()}`;
