// Whether a production build is older than the sources (issue 18): `bun run build` and the start
// script store a digest of every build input in the build folder; `bun run start` rebuilds when
// the sources no longer match it. A digest, not file times: a git checkout resets modification
// times. A build without a stamp (a bare `waku build`) falls back to comparing modification times.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseFolderInUseError, lockDatabaseFolder } from '#db/pglite-lock.ts';

/** Everything the build reads from the project (the scripts are not bundled). */
export const BUILD_INPUTS = ['src', 'server', 'db', 'public', 'patches', 'package.json', 'bun.lock', 'waku.config.ts', 'tsconfig.json'];
const STAMP = 'build-stamp.json';

const files = (root: string, target: string): string[] => {
  const full = path.join(root, target);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [target];
  return readdirSync(full)
    .sort()
    .flatMap((entry) => files(root, path.join(target, entry)));
};

/** A digest of the build inputs' names and contents under `root` (about 10 ms for this project). */
export function sourceDigest(root: string): string {
  const hasher = new Bun.CryptoHasher('sha256');
  for (const file of BUILD_INPUTS.flatMap((input) => files(root, input))) {
    hasher.update(`${file}\u0000`);
    hasher.update(readFileSync(path.join(root, file)));
    hasher.update('\u0000');
  }
  return hasher.digest('hex');
}

const newestMtime = (root: string) =>
  Math.max(0, ...BUILD_INPUTS.flatMap((input) => files(root, input)).map((file) => statSync(path.join(root, file)).mtimeMs));

export const bundleOf = (distDir: string) => path.join(distDir, 'server/index.js');

/** Why the build in `distDir` cannot serve the sources in `root`, or null when it is current. */
export function staleReason(root: string, distDir: string): string | null {
  if (!existsSync(bundleOf(distDir))) return 'No build found';
  const stampFile = path.join(distDir, STAMP);
  if (!existsSync(stampFile)) {
    return statSync(bundleOf(distDir)).mtimeMs < newestMtime(root) ? 'The build is older than the sources' : null;
  }
  const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as { digest?: string };
  return stamp.digest === sourceDigest(root) ? null : 'The sources changed since the last build';
}

/** Records that `distDir` was built from sources with this digest (taken before the build began). */
export const writeStamp = (distDir: string, digest: string) =>
  writeFileSync(path.join(distDir, STAMP), `${JSON.stringify({ digest, builtAt: new Date().toISOString() })}\n`);

/** Builds into `distDir` and stamps it; exits the process with the build's code if it fails. */
export function buildAndStamp(root: string, distDir: string): void {
  // The digest of what the build starts from: an edit made while it runs makes the next start rebuild.
  const digest = sourceDigest(root);
  const build = Bun.spawnSync(['bun', '--bun', 'waku', 'build'], {
    cwd: root,
    // Relative: Waku joins its distDir to the project root.
    env: { ...process.env, DIST_DIR: path.relative(root, distDir) },
    stdout: 'inherit',
    stderr: 'inherit',
  });
  if (build.exitCode !== 0) process.exit(build.exitCode ?? 1);
  writeStamp(distDir, digest);
}

/**
 * Rebuilds `distDir` when it is missing or stale, one process at a time (instances started together
 * on one build folder wait for the first one's build, then find it current). Says why in one line.
 */
export async function ensureCurrentBuild(root: string, distDir: string, log: (line: string) => void): Promise<void> {
  if (!staleReason(root, distDir)) return;
  let release: (() => void) | undefined;
  while (!release) {
    try {
      release = lockDatabaseFolder(`${distDir}.build`);
    } catch (error) {
      if (!(error instanceof DatabaseFolderInUseError)) throw error;
      await Bun.sleep(500);
    }
  }
  try {
    const reason = staleReason(root, distDir);
    if (!reason) return;
    log(`${reason}: rebuilding the site before serving it (about 15 s)...`);
    buildAndStamp(root, distDir);
  } finally {
    release();
  }
}
