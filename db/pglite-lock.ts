import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

// PGlite takes no lock of its own (electric-sql/pglite#1106): two processes on one folder would
// corrupt it. A lock file beside the folder, holding the owner's pid, refuses the second one.

export class DatabaseFolderInUseError extends Error {}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the folder for this process; returns the release function. A dead owner's lock is taken over. */
export function lockDatabaseFolder(folder: string): () => void {
  const lockPath = `${folder}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8').trim());
      if (owner === process.pid || (Number.isInteger(owner) && owner > 0 && isAlive(owner))) {
        throw new DatabaseFolderInUseError(
          `The database folder ${folder} is in use by process ${owner}. The embedded database (PGlite) allows one process at a time: stop the other one, or set DATABASE_URL to use Postgres.`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseFolderInUseError(`Could not lock the database folder ${folder}.`);
}
