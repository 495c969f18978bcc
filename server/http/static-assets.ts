import { readFile } from 'node:fs/promises';
import path from 'node:path';

// The build's scripts and styles carry a content hash in their names (`index-R5LYk00_.js`): they
// never change under one URL, so browsers may keep them for a year, and each is gzip-compressed
// once and kept in memory. Anything else under /assets goes on to Waku (which 404s it).
const HASHED_ASSET = /^\/assets\/([\w-]+\.(js|css))$/;
const TYPES: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };

interface Asset {
  type: string;
  raw: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

export function staticAssets(publicDir: string) {
  const assets = new Map<string, Promise<Asset | undefined>>();
  const load = async (name: string, extension: string): Promise<Asset | undefined> => {
    const raw = await readFile(path.join(publicDir, 'assets', name)).catch(() => undefined);
    if (!raw) return undefined;
    const bytes = new Uint8Array(raw);
    return { type: TYPES[extension]!, raw: bytes, gzip: Bun.gzipSync(bytes) };
  };

  /** The asset a GET asks for, or nothing when it is not a hashed script or style of the build. */
  return async function staticAsset(request: Request): Promise<Response | undefined> {
    if (request.method !== 'GET') return undefined;
    const match = HASHED_ASSET.exec(new URL(request.url).pathname);
    if (!match) return undefined;
    const [, name, extension] = match as unknown as [string, string, string];
    let pending = assets.get(name);
    if (!pending) {
      pending = load(name, extension);
      assets.set(name, pending);
    }
    const asset = await pending;
    if (!asset) {
      assets.delete(name);
      return undefined;
    }
    const gzip = /\bgzip\b/i.test(request.headers.get('accept-encoding') ?? '');
    const headers: Record<string, string> = {
      'Content-Type': asset.type,
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
    };
    if (gzip) headers['Content-Encoding'] = 'gzip';
    return new Response(gzip ? asset.gzip : asset.raw, { headers });
  };
}
