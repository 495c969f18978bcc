import { and, eq, exists, isNotNull } from 'drizzle-orm';
import { outboxEmails, postRevisions, posts, users, userTotp } from '#db/schema.ts';
import { DEFAULT_PAGES } from '#src/config/pages/index.ts';
import { SAMPLE_COACH } from '#src/config/site.ts';
import { SETUP_STEP_IDS, type SetupChecklist, type SetupLink, type SetupStep, type SetupStepId } from '#src/schemas/setup-checklist.ts';
import { PAGE_KEYS, type PageContent, type PageKey, pageContent } from '#src/schemas/site-content/pages.ts';
import { database, databaseHandle } from '../db.ts';
import { lastBackupAt } from './backups.ts';
import { storedAvailability } from './booking/availability.ts';
import { readSettings } from './settings.ts';
import { readPage } from './site-pages/read.ts';

// The dashboard's setup checklist (issue 38 §2): the steps from a fresh site to a live one, each
// read from what is true of the site now (a setting, a stored page, a delivered email, a row),
// never from a click on the checklist itself.

interface StepText {
  title: string;
  why: string;
  links: SetupLink[];
}

const STEPS: Record<SetupStepId, StepText> = {
  profile: {
    title: 'Your name, photo and tagline',
    why: 'Visitors decide whether to get in touch from the person they meet on the About page and beside each post.',
    links: [
      { href: '/admin/settings#coach-heading', label: 'Name and tagline in Settings' },
      { href: '/admin/pages/about', label: 'Photo on the About page' },
    ],
  },
  pages: {
    title: 'Your pages',
    why: 'A fresh site speaks in sample words; yours should say what you offer, in your own voice.',
    links: [{ href: '/admin/pages', label: 'Edit your pages' }],
  },
  email: {
    title: 'Email working',
    why: 'Contact notices, booking confirmations and password resets help only when they arrive.',
    links: [{ href: '/admin/outbox', label: 'Send a test email from the Outbox' }],
  },
  hours: {
    title: 'Booking hours set',
    why: 'Visitors can book only the times you say you are free, in your own time zone.',
    links: [{ href: '/admin/booking', label: 'Set your hours under Availability' }],
  },
  newsletter: {
    title: 'Newsletter switched on',
    why: 'Readers who sign up hear from you again; while it is off the site offers no signup.',
    links: [{ href: '/admin/settings#features-heading', label: 'The newsletter switch in Settings' }],
  },
  booking: {
    title: 'Booking switched on',
    why: 'An intro call is how a visitor becomes a client; while it is off the site says Coming Soon.',
    links: [{ href: '/admin/settings#features-heading', label: 'The booking switch in Settings' }],
  },
  'two-factor': {
    title: 'Two-factor sign-in for the owner',
    why: 'The owner’s account can change everything, so a stolen password alone should not open it.',
    links: [{ href: '/admin/account', label: 'Set it up under Account' }],
  },
  'first-post': {
    title: 'Your first post published',
    why: 'A post in your own words shows visitors how you think before they ever talk to you.',
    links: [{ href: '/admin/posts/new', label: 'Write a post' }],
  },
  backup: {
    title: 'A backup taken',
    why: 'Everything the site holds lives in one database, and only a backup brings it back after a mistake or a lost disk.',
    links: [],
  },
};

/** The About page's portrait on a fresh site: while it shows, the coach has not given their photo. */
const samplePhoto = (content: PageContent) => content.sections.find((section) => section.type === 'profile')?.image?.src;
const SAMPLE_PHOTO = samplePhoto(DEFAULT_PAGES.about);

/** JSON with its keys in order, so two contents compare equal however their keys were written. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, item) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.keys(item as object)
            .sort()
            .map((key) => [key, (item as Record<string, unknown>)[key]]),
        )
      : item,
  );
}

/**
 * A page's content as the pages step compares it: the About portrait is the profile step's, so a
 * new photo alone does not count as the coach's own words.
 */
function wordsOf(key: PageKey, content: PageContent): string {
  if (key !== 'about') return canonical(content);
  return canonical({
    ...content,
    sections: content.sections.map((section) => (section.type === 'profile' ? { ...section, image: null } : section)),
  });
}

const FRESH_WORDS = new Map(PAGE_KEYS.map((key) => [key, wordsOf(key, pageContent(key).parse(DEFAULT_PAGES[key]))]));

/** Whether any page saved in Admin → Pages says something other than a fresh site's words. */
async function pagesEdited(): Promise<boolean> {
  const pages = await Promise.all(PAGE_KEYS.map(async (key) => ({ key, page: await readPage(key) })));
  return pages.some(({ key, page }) => page.version > 0 && wordsOf(key, page.content) !== FRESH_WORDS.get(key));
}

/** A word safe in a shell command as it is, else in single quotes. */
const shellWord = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/**
 * What to run for a backup (README, Backups): on Postgres the nightly crontab line, since the site
 * keeps running; on the embedded database the command itself, run with the site stopped.
 */
function backupCommand(engine: 'pglite' | 'postgres', folder: string): SetupStep['command'] {
  const cd = `cd ${shellWord(folder)}`;
  return engine === 'postgres'
    ? {
        label: 'Schedule it nightly with cron, in a crontab that also sets DATABASE_URL (README, Backups):',
        text: `15 3 * * * ${cd} && bun run backup -- /var/backups/coaching-site/site-$(date +\\%F).dump`,
      }
    : {
        label: 'Stop the site, run this on its server, then start the site again (README, Backups):',
        text: `${cd} && bun run backup -- ~/coaching-site-backups/site-$(date +%F).backup`,
      };
}

/** Every step of the checklist, each ticked by what is true of the site now. */
export async function readSetupChecklist(): Promise<SetupChecklist> {
  const db = await database();
  const { engine } = await databaseHandle();
  const [settings, about, edited, [testEmail], availability, [ownerTwoFactor], [ownPost], lastBackup] = await Promise.all([
    readSettings(),
    readPage('about'),
    pagesEdited(),
    db
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.kind, 'test'), eq(outboxEmails.status, 'sent')))
      .limit(1),
    storedAvailability(db),
    db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userTotp, eq(userTotp.userId, users.id))
      .where(and(eq(users.isOwner, true), isNotNull(userTotp.confirmedAt))),
    // The seed's sample posts were written by no one (their revisions have no author): a post
    // counts once a person has saved it.
    db
      .select({ id: posts.id })
      .from(posts)
      .where(
        and(
          eq(posts.published, true),
          exists(
            db
              .select({ id: postRevisions.id })
              .from(postRevisions)
              .where(and(eq(postRevisions.postId, posts.id), isNotNull(postRevisions.authorId))),
          ),
        ),
      )
      .limit(1),
    lastBackupAt(db),
  ]);

  const missing = [
    settings.coachName === SAMPLE_COACH.name && 'name',
    samplePhoto(about.content) === SAMPLE_PHOTO && 'photo',
    settings.coachTagline === SAMPLE_COACH.tagline && 'tagline',
  ].filter((part) => part !== false);

  const done: Record<SetupStepId, boolean> = {
    profile: missing.length === 0,
    pages: edited,
    email: testEmail !== undefined,
    hours: availability !== undefined && Object.values(availability.weeklyHours).some((ranges) => ranges.length > 0),
    newsletter: settings.newsletterEnabled,
    booking: settings.bookingEnabled,
    'two-factor': ownerTwoFactor !== undefined,
    'first-post': ownPost !== undefined,
    backup: lastBackup !== null,
  };

  const steps = SETUP_STEP_IDS.map(
    (id): SetupStep => ({
      id,
      ...STEPS[id],
      done: done[id],
      missing: id === 'profile' ? missing : [],
      command: id === 'backup' ? backupCommand(engine, process.cwd()) : null,
      at: id === 'backup' ? (lastBackup?.toISOString() ?? null) : null,
    }),
  );
  return { steps, done: steps.filter((step) => step.done).length, total: steps.length, shown: settings.setupChecklist };
}
