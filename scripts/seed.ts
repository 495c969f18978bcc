// `bun run db:seed [-- --posts N]`: migrate and seed an empty database; with --posts, add N generated posts.
import { parseArgs } from 'node:util';
import { openAppDatabase, shutdown } from '../server/boot.ts';
import { seedGeneratedPosts } from '../server/seed.ts';

const { values } = parseArgs({ options: { posts: { type: 'string' } } });
const extra = values.posts === undefined ? 0 : Number(values.posts);
if (!Number.isInteger(extra) || extra < 0) {
  console.error('--posts must be a whole number of posts, e.g. --posts 1000');
  process.exit(1);
}

const handle = await openAppDatabase();
if (extra > 0) console.log(`Added ${await seedGeneratedPosts(handle.db, extra)} generated posts.`);
await shutdown();
