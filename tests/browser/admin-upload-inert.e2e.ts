import { jpeg, segment } from '../helpers/images.ts';
import { signInAsOwner } from './support/admin.ts';
import { expect, type Page, test } from './support/test.ts';

// ASVS 5.2.2, docs/security.md#uploads: a JPEG carrying `<script>` in a comment (COM) segment
// is a well-formed JPEG, so the upload may take it; it must then stay inert both when opened
// directly and when another page loads it with <script src>, which nosniff blocks.
const MARKER = 'UPLOAD-SCRIPT-RAN';
const SCRIPT = `<script>window.__uploadRan = true; console.log('${MARKER}'); alert('${MARKER}')</script>`;
const PAYLOAD = jpeg(1, 1, { before: [segment(0xfe, SCRIPT)] });

/** Every dialog and console line the page produces, answered so nothing waits on a dialog. */
function watch(page: Page) {
  const seen = { dialogs: [] as string[], console: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => seen.console.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => seen.console.push(`pageerror: ${error.message}`));
  return seen;
}

test('a JPEG with a script in its comment segment is stored, but never runs: opened directly or as <script src>', async ({
  page,
  typedApi,
}) => {
  expect(new TextDecoder('latin1').decode(PAYLOAD)).toContain(SCRIPT);
  await signInAsOwner(page);
  const origin = new URL(page.url()).origin;
  const form = new FormData();
  form.append('file', new File([PAYLOAD], 'photo.jpg', { type: 'image/jpeg' }));
  // The route reads its file from the body itself (no form validator): the form goes as the request's body.
  const upload = await typedApi.profileImageApi.index.$post({}, { init: { body: form } });
  // The sniffer judges structure only, and this is a whole JPEG: it is accepted (a 415 would also be safe).
  expect(upload.status).toBe(201);
  const { url } = await upload.json();
  expect(url).toMatch(/^\/api\/uploads\/[a-z2-7]{24}\.jpg$/);
  const id = url.split('/').pop()!.replace('.jpg', '');

  // (a) Opened directly: served as the image it is, with nosniff and a sandboxing CSP; nothing runs.
  const direct = watch(page);
  const response = await page.goto(url);
  expect(response!.status()).toBe(200);
  const headers = response!.headers();
  expect(headers['content-type']).toBe('image/jpeg');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  expect(headers['content-disposition']).toBe(`inline; filename="${id}.jpg"`);
  expect(Buffer.from(await response!.body()).equals(Buffer.from(PAYLOAD))).toBe(true);
  expect(await page.evaluate(() => document.contentType)).toBe('image/jpeg');
  expect(await page.evaluate(() => (window as { __uploadRan?: boolean }).__uploadRan)).toBeUndefined();
  expect(direct.dialogs).toEqual([]);
  expect(direct.console.filter((line) => line.includes(MARKER))).toEqual([]);

  // (b) A page on the site's origin that loads it as a script. The page is served here (no CSP of
  // its own), so nosniff is the only defence in play; a same-origin control script shows that the
  // page does run what is served as JavaScript.
  const probe = `${origin}/__upload-inert/probe.html`;
  await page.route(`${origin}/__upload-inert/control.js`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.__controlRan = true;' }),
  );
  await page.route(probe, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>probe</title>
<script src="/__upload-inert/control.js"></script>
<script src="${url}" onload="window.__uploadLoaded = true" onerror="window.__uploadBlocked = true"></script>`,
    }),
  );
  const included = watch(page);
  await page.goto(probe);
  await expect.poll(() => page.evaluate(() => (window as { __uploadBlocked?: boolean }).__uploadBlocked)).toBe(true);
  const state = await page.evaluate(() => {
    const w = window as { __controlRan?: boolean; __uploadRan?: boolean; __uploadLoaded?: boolean };
    return { controlRan: w.__controlRan, uploadRan: w.__uploadRan, uploadLoaded: w.__uploadLoaded };
  });
  expect(state).toEqual({ controlRan: true, uploadRan: undefined, uploadLoaded: undefined });
  expect(included.console).toContain(
    `error: Refused to execute script from '${origin}${url}' because its MIME type ('image/jpeg') is not executable, and strict MIME type checking is enabled.`,
  );
  expect(included.dialogs).toEqual([]);
  expect(included.console.filter((line) => line.includes(MARKER))).toEqual([]);
});
