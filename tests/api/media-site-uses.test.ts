// An image the site itself shows (issue 31) is not deleted from Media: on a page (saved, or in an
// autosave not yet saved) or as the logo or the favicon, DELETE answers 409 naming where, and the
// image stays. Once nothing shows it, it goes. Posts' uses are media-library.test.ts.
import { beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { media, sitePageRevisions, sitePages, siteSettings } from '#db/schema.ts';
import { DEFAULT_PAGES } from '#src/config/pages/index.ts';
import type { MediaItem } from '#src/schemas/media.ts';
import type { PageContent } from '#src/schemas/site-content/pages.ts';
import { request, SITE_ORIGIN, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { png } from '../helpers/images.ts';
import { mediaForm, mediaUploader } from '../helpers/media.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const uploaded = mediaUploader(admin.headers);

const upload = (alt: string) => uploaded(mediaForm(png(4, 4), { alt }, { name: 'p.png', type: 'image/png' }));
const remove = (image: MediaItem) =>
  request(`/api/admin/media/${image.id}`, { method: 'DELETE', headers: { ...admin.headers(), Origin: SITE_ORIGIN } });

/** The About page with `src` as its portrait. */
function aboutShowing(src: string): PageContent {
  const content = structuredClone(DEFAULT_PAGES.about);
  const profile = content.sections.find((section) => section.type === 'profile') as { image: { src: string; alt: string } };
  profile.image = { src, alt: 'The coach at her desk' };
  return content;
}
const saveAbout = async (src: string, version: number) => {
  const response = await sendJson('PUT', '/api/admin/pages/about', { content: aboutShowing(src), version }, { headers: admin.headers() });
  expect(response.status).toBe(200);
};
const patchSettings = async (body: Record<string, string>) => {
  const response = await sendJson('PATCH', '/api/admin/settings', body, { headers: admin.headers() });
  expect(response.status).toBe(200);
};

async function expectRefused(image: MediaItem, message: string) {
  const response = await remove(image);
  expect({ status: response.status, body: await response.json() }).toEqual({ status: 409, body: { message } });
  expect(await db().$count(media, eq(media.id, image.id))).toBe(1);
  expect((await request(image.url)).status).toBe(200);
}

async function expectDeleted(image: MediaItem) {
  expect((await remove(image)).status).toBe(204);
  expect(await db().$count(media, eq(media.id, image.id))).toBe(0);
  expect((await request(image.url)).status).toBe(404);
}

const SHIPPED_PORTRAIT = '/images/coach-avatar.svg';
const ON_ABOUT = 'This image is used on the About page: take it out of the page before deleting it';

beforeEach(async () => {
  await db().delete(sitePageRevisions);
  await db().delete(sitePages);
  await db().delete(siteSettings);
});

describe('an image a page shows', () => {
  test('the About page\'s portrait → 409 "used on the About page" and it stays; once the page shows another, it is deleted', async () => {
    const portrait = await upload('Portrait');
    const other = await upload('Another');
    await saveAbout(portrait.url, 0);

    await expectRefused(portrait, ON_ABOUT);
    // Only the image the page shows is held back.
    await expectDeleted(other);

    await saveAbout(SHIPPED_PORTRAIT, 1);
    await expectDeleted(portrait);
  });

  test('an autosave not yet saved holds it too, until the page is saved from a later version', async () => {
    const portrait = await upload('Portrait');
    const autosave = await sendJson(
      'PUT',
      '/api/admin/pages/about/autosave',
      { content: aboutShowing(portrait.url), version: 0 },
      { headers: admin.headers() },
    );
    expect(autosave.status).toBe(200);
    await expectRefused(portrait, ON_ABOUT);

    // Saved without it: the autosave was written from the version before and no longer counts.
    await saveAbout(SHIPPED_PORTRAIT, 0);
    await expectDeleted(portrait);
  });

  test('shown on two pages, the refusal names both', async () => {
    const image = await upload('Both');
    await saveAbout(image.url, 0);
    const home = structuredClone(DEFAULT_PAGES.home);
    const hero = home.sections.find((section) => section.type === 'hero') as Record<string, unknown>;
    hero.lead = `See ${image.url}`;
    await db().insert(sitePages).values({ key: 'home', content: home });
    await expectRefused(image, 'This image is used on the Home and About pages: take it out of those pages before deleting it');
  });
});

describe('an image the brand shows', () => {
  test('the logo → 409 "used as the site logo" and it stays; back to the generated mark, it is deleted', async () => {
    const logo = await upload('Logo');
    await patchSettings({ brandLogo: logo.url });
    await expectRefused(logo, 'This image is used as the site logo: choose another logo in Settings → Brand before deleting it');
    await patchSettings({ brandLogo: '' });
    await expectDeleted(logo);
  });

  test('the favicon → 409 "used as the favicon" and it stays; once another is chosen, it is deleted', async () => {
    const favicon = await upload('Favicon');
    const next = await upload('Next favicon');
    await patchSettings({ brandFavicon: favicon.url });
    await expectRefused(favicon, 'This image is used as the favicon: choose another favicon in Settings → Brand before deleting it');
    await patchSettings({ brandFavicon: next.url });
    await expectDeleted(favicon);
    await expectRefused(next, 'This image is used as the favicon: choose another favicon in Settings → Brand before deleting it');
  });
});
