// Every contact message reaches the coach as an email queued in the outbox: to whom, with what, over
// SMTP, and escaped and in one piece whatever line breaks and markup the visitor sends. The outbox's
// delivery, claims and admin API are outbox.test.ts; the shared mail is tests/helpers/outbox.ts.
import { describe, expect, test } from 'bun:test';
import { siteSettings } from '#db/schema.ts';
import { pageCache } from '#server/cache/page-cache.ts';
import type { ContactMessageInput } from '#src/schemas/contact-message.ts';
import { typedApi } from '../helpers/api.ts';
import { sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { setEnv } from '../helpers/env.ts';
import { OWNER, setupOutboxMail } from '../helpers/outbox.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const { smtp, freshIp, contact, outbox, deliverAll } = setupOutboxMail(db);

/** `contact` through the typed client, for an answer read as the route declares it. */
const contactTyped = (body: Partial<ContactMessageInput>) =>
  typedApi(undefined, freshIp()).publicApi.contact.$post({
    json: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'I would like to talk about coaching.', ...body },
  });

describe('the coach hears of every contact message', () => {
  test('an accepted message queues one email to the owner, in the transaction that stores the message', async () => {
    const undo = setEnv({ SMTP_URL: undefined, MAIL_FROM: undefined });
    const response = await contactTyped({ subject: 'Coaching for my team' });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const [email] = await outbox();
    expect(email).toMatchObject({
      kind: 'contact_notification',
      toAddress: OWNER,
      status: 'queued',
      attempts: 0,
      subject: 'New message from Ada Lovelace: Coaching for my team',
      headers: { 'Reply-To': '"Ada Lovelace" <ada@example.com>' },
    });
    expect(email!.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    expect(email!.text).toContain(`/admin/contact-messages?message=${id}`);
    // Without SMTP_URL nothing is sent: the worker does not run, and a pass finds no server.
    undo();
  });

  test('CONTACT_EMAIL, the first-start contact address, receives the notice instead of the owner', async () => {
    const undo = setEnv({ CONTACT_EMAIL: 'inbox@coach.example' });
    pageCache.clear(); // the settings are read once per cache generation; a running site's environment never changes
    await contact({});
    undo();
    pageCache.clear();
    expect((await outbox()).map((row) => row.toAddress)).toEqual(['inbox@coach.example']);
  });

  test('the contact email the coach sets at /admin/settings receives the notice from then on', async () => {
    const changed = await sendJson('PATCH', '/api/admin/settings', { contactEmail: 'desk@coach.example' }, { headers: admin.headers() });
    expect(changed.status).toBe(200);
    try {
      await contact({});
      expect((await outbox()).map((row) => row.toAddress)).toEqual(['desk@coach.example']);
    } finally {
      await db().delete(siteSettings);
      pageCache.clear();
    }
  });

  test('a honeypot message and a rate-limited one queue nothing', async () => {
    expect((await contact({ website: 'http://spam.example' })).status).toBe(201);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect(
        (await sendJson('POST', '/api/contact', { name: 'Ada', email: 'a@example.com', message: 'Hello there, coach!' }, { ip })).status,
      ).toBe(201);
    }
    expect(
      (await sendJson('POST', '/api/contact', { name: 'Ada', email: 'a@example.com', message: 'Hello there, coach!' }, { ip })).status,
    ).toBe(429);
    expect(await outbox()).toHaveLength(5);
  });

  test('delivered over SMTP: From, To, Reply-To the visitor, the stored Message-ID, both bodies and the admin link', async () => {
    const response = await contactTyped({ subject: 'Team offsite' });
    const { id } = await response.json();
    const [row] = await deliverAll();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row!.smtpResponse).toContain('250');
    const [{ parsed, envelopeTo }] = await smtp.waitFor(1);
    expect(envelopeTo).toEqual([OWNER]);
    expect(parsed.from?.value).toEqual([{ name: 'Summit Coaching', address: 'hello@coach.example' }]);
    expect(parsed.replyTo?.value).toEqual([{ name: 'Ada Lovelace', address: 'ada@example.com' }]);
    expect(parsed.messageId).toBe(row!.messageId);
    expect(parsed.subject).toBe('New message from Ada Lovelace: Team offsite');
    const link = `http://localhost:3000/admin/contact-messages?message=${id}`;
    expect(parsed.text).toContain('I would like to talk about coaching.');
    expect(parsed.text).toContain(link);
    expect(parsed.html).toContain(`href="${link}"`);
    expect(parsed.html).toContain('Ada Lovelace');
    expect(parsed.html).toContain('ada@example.com');
  });

  test('header injection and markup in name, subject and message arrive escaped and in one piece', async () => {
    const name = 'Eve\r\nBcc: victim@evil.example';
    const subject = 'Hi\r\nX-Injected: yes <script>alert(1)</script>';
    const message = '<img src=x onerror=alert(1)> & "quotes"\n<a href="javascript:alert(2)">click</a>\nline three';
    expect((await contact({ name, subject, message })).status).toBe(201);
    await deliverAll();
    const [{ parsed, raw }] = await smtp.waitFor(1);
    expect(parsed.headers.get('bcc')).toBeUndefined();
    expect(parsed.headers.get('x-injected')).toBeUndefined();
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(head).not.toMatch(/^Bcc:/im);
    expect(head).not.toMatch(/^X-Injected:/im);
    expect(parsed.subject).toBe('New message from Eve Bcc: victim@evil.example: Hi X-Injected: yes <script>alert(1)</script>');
    expect(parsed.replyTo?.value[0]?.address).toBe('ada@example.com');
    // The message whole in the text body, and only as text in the HTML body.
    expect(parsed.text).toContain(message);
    expect(parsed.html).not.toContain('<img src=x');
    expect(parsed.html).not.toContain('<script>');
    expect(parsed.html).not.toContain('href="javascript:');
    expect(parsed.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(parsed.html).toContain('line three');
  });
});

// Line breaks of every kind a header could be split on, encoded forms, and markup: each one is
// refused by the form's rules (400) or arrives as the visitor's text, never as a header or markup.
const INJECTIONS = ['\r\n', '\n', '\r', '\r\n\t', '\u2028', '\u0085', '%0d%0a', '=?utf-8?q?=0D=0A?=', '\\r\\n', '\r\n\r\n'];
const MARKUP = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '"><iframe src=javascript:alert(1)>',
  '<a href="javascript:alert(2)">x</a>',
  '<style>*{display:none}</style>',
];

describe('the injection corpus reaches the coach escaped, in one piece', () => {
  for (const [index, breaker] of INJECTIONS.entries()) {
    const markup = MARKUP[index % MARKUP.length]!;
    test(`line break ${JSON.stringify(breaker)} with ${markup}`, async () => {
      const name = `Eve${breaker}Bcc: victim@evil.example`;
      const subject = `Hi${breaker}X-Injected: yes ${markup}`;
      const message = `Hello${breaker}Bcc: victim@evil.example\n${markup} & "quotes" — the whole message`;
      const response = await contact({ name, subject, message });
      if (response.status === 400) {
        expect((await response.json()).message).toBeString();
        expect(await outbox()).toEqual([]);
        return;
      }
      expect(response.status).toBe(201);
      await deliverAll();
      const [{ parsed, raw, envelopeTo }] = await smtp.waitFor(1);
      const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
      expect(head).not.toMatch(/^(Bcc|X-Injected):/im);
      // Nobody else is sent a copy.
      expect(envelopeTo).toEqual([OWNER]);
      expect(parsed.headers.get('bcc')).toBeUndefined();
      expect(parsed.headers.get('x-injected')).toBeUndefined();
      expect(parsed.replyTo?.value[0]?.address).toBe('ada@example.com');
      // One line of subject, holding everything the visitor wrote.
      expect(parsed.subject).not.toMatch(/[\r\n]/);
      expect(parsed.subject).toContain('X-Injected: yes');
      // The message whole in the text body; in the HTML body only as escaped text.
      // (MIME bodies carry line breaks as CRLF, which the parser reads as \n: the same text.)
      expect(parsed.text).toContain(message.replace(/\r\n?/g, '\n'));
      expect(parsed.html).toContain('the whole message');
      expect(parsed.html).not.toMatch(/<(script|img|svg|iframe|style)\b/i);
      expect(parsed.html).not.toMatch(/href="javascript:/i);
    });
  }
});
