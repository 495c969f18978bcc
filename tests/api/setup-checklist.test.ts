// Issue 38 §2: the dashboard's setup checklist. On a fresh (seeded) site every step is open; each
// thing a new coach does, through the API the screens use, ticks exactly its own step, and the
// near misses (a name without a photo, a page saved unchanged, a refused test email, a draft, a
// non-owner's second factor, the seed's sample posts) tick none. Hiding it is a setting.
import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { backups, users } from '#db/schema.ts';
import { createSession } from '#server/auth/session.ts';
import { closeTransport } from '#server/mail/transport.ts';
import { seedDatabase } from '#server/seed.ts';
import { recordBackup } from '#server/services/backups.ts';
import { defaultAvailability } from '#src/schemas/booking.ts';
import { SETUP_STEP_IDS, type SetupChecklist, type SetupStepId } from '#src/schemas/setup-checklist.ts';
import type { PageContent } from '#src/schemas/site-content/pages.ts';
import { typedApi } from '../helpers/api.ts';
import { request, sendJson } from '../helpers/app.ts';
import { signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { setEnv } from '../helpers/env.ts';
import { mediaForm, mediaUploader } from '../helpers/media.ts';
import { postInput } from '../helpers/post-input.ts';
import { testSmtpForFile } from '../helpers/smtp.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const smtp = testSmtpForFile();

const OWNER_EMAIL = 'owner@coach.example';
const owner = { cookie: '', headers: () => ({ Cookie: owner.cookie }) };

beforeAll(async () => {
  expect(await seedDatabase(db(), { email: OWNER_EMAIL, password: 'Owner-Setup-Passw0rd!' })).toBe(true);
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.isOwner, true));
  owner.cookie = `session=${(await createSession(row!.id)).token}`;
}, 60_000);

let undoEnv: (() => void) | undefined;
afterEach(() => {
  closeTransport();
  undoEnv?.();
  undoEnv = undefined;
});

async function checklist(headers = owner.headers()): Promise<SetupChecklist> {
  const response = await typedApi(() => headers).adminApi['setup-checklist'].$get();
  expect(response.status).toBe(200);
  return response.json();
}

const doneSteps = async () => (await checklist()).steps.filter((step) => step.done).map((step) => step.id);

async function settings(patch: Record<string, unknown>) {
  expect((await sendJson('PATCH', '/api/admin/settings', patch, { headers: owner.headers() })).status).toBe(200);
}

async function readPage(key: string) {
  const response = await request(`/api/admin/pages/${key}`, { headers: owner.headers() });
  expect(response.status).toBe(200);
  return (await response.json()) as { content: PageContent; version: number };
}

async function savePage(key: string, change: (content: PageContent) => PageContent) {
  const { content, version } = await readPage(key);
  const response = await sendJson('PUT', `/api/admin/pages/${key}`, { content: change(content), version }, { headers: owner.headers() });
  expect(response.status).toBe(200);
}

/** Confirms two-factor sign-in for the account of `cookie`, as its authenticator app would. */
async function turnOnTwoFactor(cookie: string) {
  const account = typedApi(() => ({ Cookie: cookie })).adminApi.account['two-factor'];
  const setup = await account.setup.$post();
  expect(setup.status).toBe(200);
  const { secret } = await setup.json();
  const code = generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000)), 6);
  expect((await account.confirm.$post({ json: { code } })).status).toBe(200);
}

describe('GET /api/admin/setup-checklist', () => {
  test('on a fresh site every step is open, each with a title, one sentence on why, and where to do it', async () => {
    const fresh = await checklist();
    expect(fresh.steps.map((step) => step.id)).toEqual([...SETUP_STEP_IDS]);
    expect(fresh.steps.filter((step) => step.done)).toEqual([]);
    expect([fresh.done, fresh.total, fresh.shown]).toEqual([0, 9, true]);
    for (const step of fresh.steps) {
      expect(step.title.length).toBeGreaterThan(0);
      // One sentence: a capital, one full stop at the end and none before it.
      expect(step.why).toMatch(/^[A-Z][^.]*\.$/);
      if (step.id === 'backup') {
        expect(step.links).toEqual([]);
        expect(step.command?.text).toContain('bun run backup -- ');
      } else {
        expect(step.links.length).toBeGreaterThan(0);
        for (const link of step.links) expect(link.href).toMatch(/^\/admin(\/|$)/);
        expect(step.command).toBeNull();
      }
    }
    expect(fresh.steps.find((step) => step.id === 'profile')?.missing).toEqual(['name', 'photo', 'tagline']);
    expect(fresh.steps.find((step) => step.id === 'backup')?.at).toBeNull();
  });

  test('the backup step says what to run on this engine: the nightly crontab line for Postgres, the command itself otherwise', async () => {
    const { command } = (await checklist()).steps.find((step) => step.id === 'backup')!;
    if (testDb.handle.engine === 'postgres') {
      expect(command?.text).toBe(`15 3 * * * cd ${process.cwd()} && bun run backup -- /var/backups/coaching-site/site-$(date +\\%F).dump`);
      expect(command?.label).toContain('cron');
    } else {
      expect(command?.text).toBe(`cd ${process.cwd()} && bun run backup -- ~/coaching-site-backups/site-$(date +%F).backup`);
      expect(command?.label).toContain('Stop the site');
    }
  });

  test('signed out: 401; signed in without the admin role: 403', async () => {
    expect((await request('/api/admin/setup-checklist')).status).toBe(401);
    const user = await signedIn(db(), 'user');
    expect((await request('/api/admin/setup-checklist', { headers: { Cookie: user.cookie } })).status).toBe(403);
  });
});

describe('each thing done ticks exactly its own step', () => {
  test('profile, pages, email, hours, newsletter, booking, two-factor, first post and backup, one after another', async () => {
    const expected: SetupStepId[] = [];
    const expectDone = async (step?: SetupStepId) => {
      if (step) expected.push(step);
      expect(await doneSteps()).toEqual(SETUP_STEP_IDS.filter((id) => expected.includes(id)));
      const answer = await checklist();
      expect(answer.done).toBe(expected.length);
    };
    await expectDone();

    // Profile: the name and tagline in Settings are not enough without the About page's photo.
    await settings({ coachName: 'Ada Brightwater', coachTagline: 'Calm, clear growth for leaders' });
    await expectDone();
    expect((await checklist()).steps.find((step) => step.id === 'profile')?.missing).toEqual(['photo']);
    const portrait = new Uint8Array(
      await sharp({ create: { width: 40, height: 40, channels: 3, background: '#446688' } })
        .png()
        .toBuffer(),
    );
    const photo = await mediaUploader(owner.headers)(mediaForm(portrait, { alt: 'Ada smiling' }, { name: 'ada.png', type: 'image/png' }));
    // A new photo alone is the profile's, not "your pages" (the words are still the sample's).
    await savePage('about', (content) => ({
      ...content,
      sections: content.sections.map((section) =>
        section.type === 'profile' ? { ...section, image: { src: photo.url, alt: 'Ada smiling' } } : section,
      ),
    }));
    await expectDone('profile');
    expect((await checklist()).steps.find((step) => step.id === 'profile')?.missing).toEqual([]);

    // Pages: a page saved as it was is still the sample; new words are the coach's.
    await savePage('home', (content) => content);
    await expectDone();
    await savePage('services', (content) => ({
      ...content,
      sections: content.sections.map((section) => (section.type === 'pageHeader' ? { ...section, title: 'Coaching with Ada' } : section)),
    }));
    await expectDone('pages');

    // Email: a test email the server refused is not delivered; one it accepted is.
    undoEnv = setEnv({ SMTP_URL: smtp.url, MAIL_FROM: '"Ada Coaching" <hello@coach.example>' });
    smtp.failWith(550, 'Mailbox unavailable', 1);
    const refused = await typedApi(owner.headers).adminApi.outbox.test.$post();
    expect(await refused.json()).toMatchObject({ sent: false });
    await expectDone();
    const sent = await typedApi(owner.headers).adminApi.outbox.test.$post();
    expect(await sent.json()).toMatchObject({ sent: true, to: OWNER_EMAIL });
    await expectDone('email');

    // Booking hours: the coach's saved weekly hours.
    const hours = await sendJson('PUT', '/api/admin/booking/availability', defaultAvailability('Europe/London'), {
      headers: owner.headers(),
    });
    expect(hours.status).toBe(200);
    await expectDone('hours');

    await settings({ newsletterEnabled: true });
    await expectDone('newsletter');
    await settings({ bookingEnabled: true });
    await expectDone('booking');

    // Two-factor: another admin's does not count; the owner's does.
    const other = await signedIn(db(), 'admin');
    await turnOnTwoFactor(other.cookie);
    await expectDone();
    await turnOnTwoFactor(owner.cookie);
    await expectDone('two-factor');

    // First post: the seed's published samples never counted; a draft does not; a published post does.
    const posts = typedApi(owner.headers).adminApi['blog-posts'];
    expect((await posts.$post({ json: postInput({ title: 'A draft of mine', content: 'Not yet.', published: false }) })).status).toBe(201);
    await expectDone();
    expect((await posts.$post({ json: postInput({ title: 'What I learned this year', content: 'In my own words.' }) })).status).toBe(201);
    await expectDone('first-post');

    // Backup: what `bun run backup` records once its file is complete (tests/commands/backup.test.ts runs the command).
    await recordBackup(db(), { engine: testDb.handle.engine, sizeBytes: 123_456 });
    await expectDone('backup');
    const [row] = await db().select().from(backups);
    expect((await checklist()).steps.find((step) => step.id === 'backup')?.at).toBe(row!.takenAt.toISOString());

    const all = await checklist();
    expect([all.done, all.total]).toEqual([9, 9]);
  }, 60_000);
});

describe('hiding the checklist', () => {
  test('is the setupChecklist setting: off hides it from the dashboard, on shows it again; the steps are read either way', async () => {
    await settings({ setupChecklist: false });
    const hidden = await checklist();
    expect(hidden.shown).toBe(false);
    expect(hidden.steps).toHaveLength(9);
    expect(await (await request('/api/admin/settings', { headers: owner.headers() })).json()).toMatchObject({ setupChecklist: false });

    await settings({ setupChecklist: true });
    expect((await checklist()).shown).toBe(true);
  });

  test('a value that is not true or false is refused, naming the field', async () => {
    const response = await sendJson('PATCH', '/api/admin/settings', { setupChecklist: 'no' }, { headers: owner.headers() });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'setupChecklist must be true or false', field: 'setupChecklist' });
  });
});
