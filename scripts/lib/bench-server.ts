// The site under measurement, for scripts/bench.ts: the commands the benchmark runs, the production
// server started on a free port, and what it does through the site's API (signing in, publishing a
// post with uploaded images).
import { freePort } from './disposable-postgres.ts';

/** Exits with `hint` when `command` is not installed. */
export function requireTool(command: string, hint: string) {
  if (Bun.spawnSync(['which', command]).exitCode !== 0) {
    console.error(`${command} is missing: ${hint}`);
    process.exit(1);
  }
}

/** Runs a command to its end: answers its stdout, throws with its output when it fails. */
export async function run(command: string[], env: Record<string, string | undefined> = {}) {
  const child = Bun.spawn(command, { env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'pipe' });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  if (code !== 0) throw new Error(`${command.join(' ')} failed:\n${stderr || stdout}`);
  return stdout;
}

async function waitFor(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return;
    await Bun.sleep(250);
  }
  throw new Error(`${url} did not come up`);
}

/** The production server on a free port; resolves once it answers. */
export async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const server = Bun.spawn(['bun', 'scripts/start.ts'], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
  return {
    base,
    async stop() {
      server.kill('SIGTERM');
      await server.exited;
    },
  };
}

/** Signs in as the owner; answers the Cookie header value. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('session='));
  if (!response.ok || !cookie) throw new Error(`signing in: ${response.status}`);
  return cookie.split(';')[0]!;
}

/** A published post showing two images uploaded through the editor's API; answers its path. */
export async function postWithImages(base: string, cookie: string): Promise<string> {
  const sharp = (await import('sharp')).default;
  const upload = async (hue: number, alt: string) => {
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: hue, g: 90, b: 140 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('file', new File([new Uint8Array(photo)], 'photo.jpg', { type: 'image/jpeg' }));
    form.set('alt', alt);
    const response = await fetch(`${base}/api/admin/media`, { method: 'POST', headers: { Cookie: cookie, Origin: base }, body: form });
    if (response.status !== 201) throw new Error(`image upload: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { url: string }).url;
  };
  const [first, second] = [await upload(40, 'A coach and a client at a whiteboard'), await upload(160, 'Notes from a leadership offsite')];
  const paragraphs = Array.from({ length: 12 }, () => 'Leaders who listen well build teams that speak up early. '.repeat(4)).join('\n\n');
  const response = await fetch(`${base}/api/admin/blog-posts`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      title: 'A post with images',
      content: `![A coach and a client at a whiteboard](${first})\n\n${paragraphs}\n\n![Notes from a leadership offsite](${second})`,
      published: true,
    }),
  });
  if (response.status !== 201) throw new Error(`post with images: ${response.status} ${await response.text()}`);
  return `/blog/${((await response.json()) as { slug: string }).slug}`;
}
