import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// The extensions the schema uses (pg_trgm: the admin list's title/excerpt search, migration 0014).
// Every PGlite that opens the site's database, or a dump of it, must load them: an index whose
// operator class comes from an extension cannot be read or written without it.
export const PGLITE_EXTENSIONS = { pg_trgm };
