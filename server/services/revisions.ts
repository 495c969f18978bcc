import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { users } from '#db/schema.ts';
import { requestActor } from '#server/http/request-actor.ts';
import type { RevisionKind } from '#src/schemas/post-revision.ts';

// What every editor's history shares (posts, pages): who wrote a revision, and when an autosave
// continues the last one instead of adding a row.

// One writing session's autosaves are one row: a new autosave within this window of the last one
// (same author, same base version) replaces it, so typing all afternoon keeps a few dozen rows.
const AUTOSAVE_MERGE_MS = 2 * 60 * 1000;

export interface Author {
  id: number | null;
  name: string;
}

/** Who is saving, as the history shows it: the signed-in user's name, else 'System' (scheduler, seed). */
export async function currentAuthor(db: Database): Promise<Author> {
  const { user } = requestActor();
  if (!user) return { id: null, name: 'System' };
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, user.id));
  const name = row ? [row.firstName, row.lastName].filter(Boolean).join(' ').trim() || row.email : user.email;
  return { id: user.id, name };
}

/** Revisions recent enough for a new autosave to continue (their `createdAt` column). */
export const withinMergeWindow = (createdAt: AnyColumn): SQL =>
  sql`${createdAt} > now() - make_interval(secs => ${AUTOSAVE_MERGE_MS / 1000})`;

/** Whether an autosave by `author` from `baseVersion` continues the latest revision (replacing it). */
export function continuesSession<Latest extends { kind: RevisionKind; authorId: number | null; baseVersion: number }>(
  latest: Latest | undefined,
  author: Author,
  baseVersion: number,
): latest is Latest {
  return latest?.kind === 'autosave' && author.id !== null && latest.authorId === author.id && latest.baseVersion === baseVersion;
}
