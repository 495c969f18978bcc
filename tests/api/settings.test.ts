import { beforeEach, describe, expect, test } from 'bun:test';
import { asc } from 'drizzle-orm';
import sharp from 'sharp';
import { siteSettings } from '#db/schema.ts';
import { currentSettings, mailBrand } from '#server/services/settings.ts';
import { socialLinks } from '#src/schemas/settings.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession, signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { setEnv } from '../helpers/env.ts';
import { FIRST_START_SETTINGS } from '../helpers/first-start-settings.ts';
import { mediaForm, mediaUploader } from '../helpers/media.ts';
import { refusalChecker } from '../helpers/refusals.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const expectRefused = refusalChecker(() => db().select().from(siteSettings).orderBy(asc(siteSettings.key)));

const FIRST_START = FIRST_START_SETTINGS;

const getSettings = () => request('/api/admin/settings', { headers: admin.headers() });
const patch = (body: unknown, headers = admin.headers()) => sendJson('PATCH', '/api/admin/settings', body, { headers });

beforeEach(async () => {
  await db().delete(siteSettings);
});

describe('GET /api/admin/settings', () => {
  test('a site whose coach changed nothing answers its first-start values', async () => {
    const response = await getSettings();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(FIRST_START);
  });

  test('the environment gives the first-start values; a variable that is not a valid setting is ignored', async () => {
    const undo = setEnv({
      SITE_NAME: 'Harbour Coaching',
      COACH_NAME: 'Sam Lee',
      CONTACT_EMAIL: 'sam@harbour.example',
      SOCIAL_X_URL: 'https://x.com/harbour',
      SOCIAL_LINKEDIN_URL: '#',
      TIME_ZONE: 'Mars/Olympus',
    });
    try {
      expect(await (await getSettings()).json()).toEqual({
        ...FIRST_START,
        siteName: 'Harbour Coaching',
        coachName: 'Sam Lee',
        contactEmail: 'sam@harbour.example',
        socialX: 'https://x.com/harbour',
      });
    } finally {
      undo();
    }
  });

  test('signed out: 401; signed in without the admin role: 403', async () => {
    expect((await request('/api/admin/settings')).status).toBe(401);
    const user = await signedIn(db(), 'user');
    expect((await request('/api/admin/settings', { headers: { Cookie: user.cookie } })).status).toBe(403);
  });
});

describe('PATCH /api/admin/settings', () => {
  test('changes only the settings it names, stores them, and answers every setting', async () => {
    const response = await patch({ siteName: '  Harbour Coaching ', timeZone: 'Europe/London', bookingEnabled: true });
    expect(response.status).toBe(200);
    const changed = { ...FIRST_START, siteName: 'Harbour Coaching', timeZone: 'Europe/London', bookingEnabled: true };
    expect(await response.json()).toEqual(changed);
    expect(await (await getSettings()).json()).toEqual(changed);
    const rows = await db().select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings).orderBy(asc(siteSettings.key));
    expect(rows).toEqual([
      { key: 'bookingEnabled', value: true },
      { key: 'siteName', value: 'Harbour Coaching' },
      { key: 'timeZone', value: 'Europe/London' },
    ]);
  });

  test('developer tools are off on first start and are turned on like any switch', async () => {
    expect(await (await getSettings()).json()).toMatchObject({ developerTools: false });
    const response = await patch({ developerTools: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...FIRST_START, developerTools: true });
    const rows = await db().select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings);
    expect(rows).toContainEqual({ key: 'developerTools', value: true });
  });

  test('a stored value wins over the environment', async () => {
    await patch({ coachName: 'Alex Morgan' });
    const undo = setEnv({ COACH_NAME: 'Sam Lee' });
    try {
      expect((await (await getSettings()).json()).coachName).toBe('Alex Morgan');
    } finally {
      undo();
    }
  });

  test('social links take a full web address, or empty for none (no icon); emails go out under the new name', async () => {
    const response = await patch({ socialLinkedin: 'https://www.linkedin.com/in/alex', socialX: '', contactEmail: 'alex@coach.example' });
    expect(response.status).toBe(200);
    expect(socialLinks(await currentSettings())).toEqual([
      { network: 'linkedin', href: 'https://www.linkedin.com/in/alex' },
      { network: 'facebook', href: FIRST_START.socialFacebook },
      { network: 'instagram', href: FIRST_START.socialInstagram },
    ]);
    expect(await mailBrand()).toEqual({
      name: FIRST_START.siteName,
      url: expect.any(String),
      contactEmail: 'alex@coach.example',
      primary: FIRST_START.brandPrimary,
      accent: FIRST_START.brandAccent,
      logoUrl: '',
    });
    await patch({ siteName: 'Alex Morgan Coaching' });
    expect((await mailBrand()).name).toBe('Alex Morgan Coaching');
  });

  const refusals: Array<[string, unknown, string, string]> = [
    ['an empty site name', { siteName: '   ' }, 'Site name is required', 'siteName'],
    ['a site name of 61 characters', { siteName: 'x'.repeat(61) }, 'Site name must be at most 60 characters', 'siteName'],
    ['a site name over two lines', { siteName: 'Harbour\nCoaching' }, 'Site name must be one line of text', 'siteName'],
    [
      'a description of 301 characters',
      { siteDescription: 'x'.repeat(301) },
      'Site description must be at most 300 characters',
      'siteDescription',
    ],
    ['an empty coach name', { coachName: '' }, 'Coach name is required', 'coachName'],
    ['a tagline of 121 characters', { coachTagline: 'x'.repeat(121) }, 'Tagline must be at most 120 characters', 'coachTagline'],
    ['a contact email without @', { contactEmail: 'alex.coach.example' }, 'Contact email must be a valid email address', 'contactEmail'],
    ['a javascript: social link', { socialX: 'javascript:alert(1)' }, 'X link must start with https:// or http://, or be empty', 'socialX'],
    [
      'a social link without a scheme',
      { socialFacebook: 'facebook.com/alex' },
      'Facebook link must start with https:// or http://, or be empty',
      'socialFacebook',
    ],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'Time zone must be a time zone name such as Europe/London', 'timeZone'],
    ['a number for a name', { coachName: 42 }, 'Coach name must be text', 'coachName'],
    ['a string for a switch', { bookingEnabled: 'yes' }, 'bookingEnabled must be true or false', 'bookingEnabled'],
    ['a number for developer tools', { developerTools: 1 }, 'developerTools must be true or false', 'developerTools'],
    ['an unknown setting', { siteColour: 'blue' }, 'Unknown field: siteColour', 'siteColour'],
    [
      'a pale primary colour',
      { brandPrimary: '#f0f0f0' },
      'Primary colour is too light: white text on it has a contrast of 1.1:1; it needs at least 4.5:1',
      'brandPrimary',
    ],
    [
      // #767676 reaches 4.5:1 under white text (4.54), not as text on the canvas (#f7f7f4).
      'a primary colour that passes on white but not on the page background',
      { brandPrimary: '#767676' },
      'Primary colour is too light: as text on the page background it has a contrast of 4.2:1; it needs at least 4.5:1',
      'brandPrimary',
    ],
    [
      'a dark accent colour (the primary as accent)',
      { brandAccent: '#1f3358' },
      'Accent colour is too dark: the dark text on its buttons has a contrast of 1.4:1; it needs at least 4.5:1',
      'brandAccent',
    ],
    ['a colour name for a colour', { brandPrimary: 'navy' }, 'Primary colour must be a colour such as #1f3358', 'brandPrimary'],
    ['a short hex colour', { brandAccent: '#fc0' }, 'Accent colour must be a colour such as #dea838', 'brandAccent'],
    ['a number for a colour', { brandPrimary: 0x1f3358 }, 'Primary colour must be a colour such as #1f3358', 'brandPrimary'],
    [
      'a logo from another site',
      { brandLogo: 'https://evil.example/logo.png' },
      'Logo must be an image from Media, or empty for the generated mark',
      'brandLogo',
    ],
    [
      'a logo outside /media/',
      { brandLogo: '/images/portrait.png' },
      'Logo must be an image from Media, or empty for the generated mark',
      'brandLogo',
    ],
    [
      'a Media address that holds no image',
      { brandLogo: '/media/abcdefghijklmnopqrstuvwx.png' },
      'Logo must be an image from Media, or empty for the generated mark',
      'brandLogo',
    ],
    [
      'an SVG favicon',
      { brandFavicon: '/media/abcdefghijklmnopqrstuvwx.svg' },
      'Favicon must be an image from Media, or empty for the default icon',
      'brandFavicon',
    ],
  ];
  for (const [what, body, message, field] of refusals) {
    test(`${what}: 400 naming the field, nothing stored`, async () => {
      await expectRefused(() => patch(body), 400, { message, field });
    });
  }

  test('brand colours that reach AA are stored in lower case and read back; emails carry them', async () => {
    const response = await patch({ brandPrimary: '#2D6A4F', brandAccent: ' #f4a261 ' });
    expect(response.status).toBe(200);
    const changed = { ...FIRST_START, brandPrimary: '#2d6a4f', brandAccent: '#f4a261' };
    expect(await response.json()).toEqual(changed);
    expect(await (await getSettings()).json()).toEqual(changed);
    expect(await mailBrand()).toMatchObject({ primary: '#2d6a4f', accent: '#f4a261' });
  });

  test('an accent is judged with the primary it is drawn with: the darkest primary shade, derived from the primary, is its text', async () => {
    // A mid-grey accent under the theme's darkest navy (#0e182b) reaches 5.1:1 …
    expect((await patch({ brandAccent: '#8a8a8a' })).status).toBe(200);
    // … but not under a green primary's darkest shade (#193729): the primary that would make it so is refused,
    await expectRefused(() => patch({ brandPrimary: '#2d6a4f' }), 400, {
      message:
        'Primary colour does not suit the accent colour: the dark text on the accent buttons has a contrast of 3.7:1; it needs at least 4.5:1',
      field: 'brandPrimary',
    });
    // and so is that pair sent together, named by the accent.
    await expectRefused(() => patch({ brandPrimary: '#2d6a4f', brandAccent: '#8a8a8a' }), 400, {
      message: 'Accent colour is too dark: the dark text on its buttons has a contrast of 3.7:1; it needs at least 4.5:1',
      field: 'brandAccent',
    });
    // A change that names neither colour is not held back by them.
    expect((await patch({ siteName: 'Harbour Coaching' })).status).toBe(200);
  });

  test('a logo and a favicon from Media are stored and reach emails as an absolute address; empty goes back to the mark', async () => {
    const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2d6a4f' } })
      .png()
      .toBuffer();
    const image = await mediaUploader(admin.headers)(
      mediaForm(new Uint8Array(logo), { alt: 'Logo' }, { name: 'logo.png', type: 'image/png' }),
    );
    const response = await patch({ brandLogo: image.url, brandFavicon: image.url });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ brandLogo: image.url, brandFavicon: image.url });
    expect((await mailBrand()).logoUrl).toMatch(new RegExp(`^https?://[^/]+${image.url}$`));
    expect((await (await patch({ brandLogo: '' })).json()).brandLogo).toBe('');
    expect((await mailBrand()).logoUrl).toBe('');
  });

  test('one bad field refuses the whole change', async () => {
    await expectRefused(() => patch({ siteName: 'Harbour Coaching', contactEmail: 'nope' }), 400, {
      message: 'Contact email must be a valid email address',
      field: 'contactEmail',
    });
  });

  test('an empty change, a non-JSON body and a body that is not an object: 400 or 415 with a message', async () => {
    await expectRefused(() => patch({}), 400, { message: 'Name at least one setting to change' });
    await expectRefused(() => patch('[1]'), 400, { message: 'Invalid JSON body' });
    await expectRefused(
      () =>
        request('/api/admin/settings', {
          method: 'PATCH',
          headers: { ...admin.headers(), Origin: 'http://localhost' },
          body: 'siteName=x',
        }),
      415,
      { message: 'Content-Type must be application/json' },
    );
  });

  test('signed out: 401; signed in without the admin role: 403; nothing stored', async () => {
    await expectRefused(() => sendJson('PATCH', '/api/admin/settings', { siteName: 'Mine' }), 401, { message: 'Authentication required' });
    const user = await signedIn(db(), 'user');
    const refused = await patch({ siteName: 'Mine' }, { Cookie: user.cookie });
    expect(refused.status).toBe(403);
    expect(await db().select().from(siteSettings)).toEqual([]);
  });

  test('a stored value the rules no longer accept is read as its first-start value', async () => {
    await db()
      .insert(siteSettings)
      .values([
        { key: 'timeZone', value: 'Not/AZone' },
        { key: 'retiredSetting', value: 1 },
      ]);
    expect(await (await getSettings()).json()).toEqual(FIRST_START);
  });
});
