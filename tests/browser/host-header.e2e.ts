import http from 'node:http';
import { expect, test } from './support/test.ts';

// A forged Host header must not change the site's own addresses (issue 23's probe list): canonical
// links, feeds and the sitemap are written from SITE_URL (or the configured port), never from the
// request, so a cache or a crawler cannot be fed links to another site.

const port = Number(process.env.E2E_PORT);

/** A GET to the running server with exactly this Host header (fetch would not let us set it). */
function getWithHost(path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers: { Host: host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

test('a forged Host header changes no canonical link, feed or sitemap address', async () => {
  const honest = await getWithHost('/blog', `127.0.0.1:${port}`);
  const canonical = honest.body.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
  expect(canonical).toMatch(/\/blog$/);
  for (const path of ['/blog', '/about', '/sitemap.xml', '/rss.xml', '/robots.txt']) {
    const forged = await getWithHost(path, 'evil.example');
    expect({ path, status: forged.status }).toEqual({ path, status: 200 });
    expect(forged.body).not.toContain('evil.example');
  }
  const forgedBlog = await getWithHost('/blog', 'evil.example');
  expect(forgedBlog.body.match(/<link rel="canonical" href="([^"]+)"/)?.[1]).toBe(canonical);
});
