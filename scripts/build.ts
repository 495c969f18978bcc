// `bun run build`: the production build, stamped with a digest of its sources so that
// `bun run start` can tell when it is older than them (scripts/lib/build-stamp.ts).
import path from 'node:path';
import { buildAndStamp } from './lib/build-stamp.ts';

buildAndStamp(path.resolve(import.meta.dir, '..'), path.resolve(process.env.DIST_DIR || 'dist'));
