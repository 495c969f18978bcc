import { afterAll, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { staticAssets } from '#server/http/static-assets.ts';

const publicDir = mkdtempSync(path.join(os.tmpdir(), 'assets-'));
mkdirSync(path.join(publicDir, 'assets'));
const script = 'console.log("hello");'.repeat(50);
writeFileSync(path.join(publicDir, 'assets', 'index-R5LYk00_.js'), script);
writeFileSync(path.join(publicDir, 'secret.txt'), 'not an asset');
afterAll(() => rmSync(publicDir, { recursive: true, force: true }));

const staticAsset = staticAssets(publicDir);
const get = (pathname: string, headers: Record<string, string> = {}) =>
  staticAsset(new Request(`http://site.test${pathname}`, { headers }));

test('a hashed script is served with a year-long immutable cache, gzip-compressed when accepted', async () => {
  const compressed = (await get('/assets/index-R5LYk00_.js', { 'Accept-Encoding': 'gzip, deflate, br' }))!;
  expect(compressed.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(compressed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(compressed.headers.get('content-encoding')).toBe('gzip');
  expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await compressed.arrayBuffer())))).toBe(script);

  const plain = (await get('/assets/index-R5LYk00_.js'))!;
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(await plain.text()).toBe(script);
});

test('anything that is not an existing hashed script or style is left to the router', async () => {
  for (const pathname of [
    '/assets/missing-abc.js',
    '/assets/..%2fsecret.txt',
    '/assets/../secret.txt',
    '/assets/a/b.js',
    '/secret.txt',
    '/assets/x.php',
  ]) {
    expect(await get(pathname)).toBeUndefined();
  }
  expect(await staticAsset(new Request('http://site.test/assets/index-R5LYk00_.js', { method: 'POST' }))).toBeUndefined();
});
