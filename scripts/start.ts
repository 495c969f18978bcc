// `bun run start`: build when there is no build or it is older than the sources, migrate and seed,
// then serve the production build — from WEB_CONCURRENCY processes when above 1 (scripts/lib/workers.ts).
import path from 'node:path';
import type { Server } from 'bun';
import { boot, openAppDatabase, shutdown as stopBackground } from '../server/boot.ts';
import { cachedAnswer } from '../server/cache/cached-response.ts';
import { closeDatabase, databaseHandle } from '../server/db.ts';
import { env, InvalidEnvironmentError } from '../server/env.ts';
import { malformedUrl, malformedUrlResponse } from '../server/http/malformed-url.ts';
import { staticAssets } from '../server/http/static-assets.ts';
import { assignRequestId, logRequest } from '../server/log.ts';
import { withSecurityHeaders } from '../server/security-headers.ts';
import { bundleOf, ensureCurrentBuild } from './lib/build-stamp.ts';
import { assertPortFree, superviseWorkers, workerNumber, workerReady } from './lib/workers.ts';

interface ServerEntry {
  fetch(request: Request, server: Server<unknown>): Response | Promise<Response>;
}

const DIST_DIR = path.resolve(process.env.DIST_DIR || 'dist');
const SERVER_BUNDLE = bundleOf(DIST_DIR);
// Above the 5 MB upload limit with room for multipart framing; Bun's default is 128 MiB.
const MAX_REQUEST_BODY_BYTES = 6 * 1024 * 1024;

let config: ReturnType<typeof env>;
try {
  config = env();
} catch (error) {
  if (!(error instanceof InvalidEnvironmentError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const cannotStart = (error: unknown): never => {
  // A message an operator can act on, not a stack trace (a busy PGlite folder, an unreachable server).
  console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
};

// Never a build older than the sources this was started from (scripts/lib/build-stamp.ts).
const ensureBuild = () => ensureCurrentBuild(path.resolve(import.meta.dir, '..'), DIST_DIR, (line) => console.log(line));

if (config.WEB_CONCURRENCY > 1 && workerNumber() === null) {
  // The build and the database are made ready once, before any worker starts: workers never build
  // or migrate side by side.
  await ensureBuild();
  try {
    assertPortFree(config.PORT);
  } catch (error) {
    cannotStart(error);
  }
  await openAppDatabase().catch(cannotStart);
  await closeDatabase();
  console.log(`Starting ${config.WEB_CONCURRENCY} workers on port ${config.PORT}.`);
  superviseWorkers(config.WEB_CONCURRENCY, (line) => console.log(line));
} else {
  await serve();
}

async function serve() {
  const handle = await boot().then(databaseHandle).catch(cannotStart);
  // A worker's parent made the build current already.
  if (workerNumber() === null) await ensureBuild();

  const { unstable_serverEntry: entry } = (await import(SERVER_BUNDLE)) as { unstable_serverEntry: ServerEntry };

  const staticAsset = staticAssets(path.join(DIST_DIR, 'public'));

  const worker = workerNumber();
  const server = Bun.serve({
    port: config.PORT,
    // Workers share the port; the kernel spreads new connections over them.
    reusePort: worker !== null,
    // Bun's 10 s default would cut long streamed pages (its idleTimeout cuts a connection that sends nothing for 10 s).
    idleTimeout: 120,
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    async fetch(request, server) {
      const started = performance.now();
      const requestId = assignRequestId(request);
      // A malformed address is refused before the cache or Waku sees it (server/http/malformed-url.ts).
      // Cached pages and the build's hashed assets are answered here, without entering Waku.
      const malformed = malformedUrl(new URL(request.url));
      const answer = malformed
        ? malformedUrlResponse(malformed)
        : ((await cachedAnswer(request)) ?? (await staticAsset(request)) ?? (await entry.fetch(request, server)));
      const response = withSecurityHeaders(request, answer);
      response.headers.set('X-Request-Id', requestId);
      logRequest(request, requestId, response.status, performance.now() - started);
      return response;
    },
  });

  console.log(
    `${worker === null ? 'Serving' : `Worker ${worker} serving`} on http://localhost:${server.port} (database: ${handle.engine})`,
  );

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing in-flight requests, then closing the database.`);
    await server.stop();
    await stopBackground();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  if (worker !== null) workerReady((reason) => void shutdown(reason));
}
