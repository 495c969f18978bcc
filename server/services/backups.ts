import { desc } from 'drizzle-orm';
import type { Database, Engine } from '#db/client.ts';
import { backups } from '#db/schema.ts';

// The backups `bun run backup` took (scripts/backup.ts opens the database itself, so it hands its
// own connection in): the files live elsewhere, and this record is how the site knows of them.

/** Records a backup whose file is complete. */
export async function recordBackup(db: Database, backup: { engine: Engine; sizeBytes: number }): Promise<void> {
  await db.insert(backups).values(backup);
}

/** When the newest backup was taken, if any was. */
export async function lastBackupAt(db: Database): Promise<Date | null> {
  const [row] = await db.select({ takenAt: backups.takenAt }).from(backups).orderBy(desc(backups.takenAt)).limit(1);
  return row?.takenAt ?? null;
}
