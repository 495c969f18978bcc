// The single source of tables and row types. Columns are snake_case in the
// database (drizzle `casing`), camelCase in TypeScript.
// The one entry: the app imports every table from here, and drizzle.config.ts reads the whole schema from here.
export * from './schema/accounts.ts';
export * from './schema/analytics.ts';
export * from './schema/audience.ts';
export * from './schema/booking.ts';
export * from './schema/calendars.ts';
export * from './schema/clients.ts';
export * from './schema/content.ts';
export * from './schema/mail.ts';
export * from './schema/operations.ts';
export * from './schema/payments.ts';
export * from './schema/portal.ts';
export * from './schema/practice.ts';
export * from './schema/site-pages.ts';
export * from './schema/test-suites.ts';
