// Issue 33 §2, the probe's sequence: an admin who is not the owner tries to take the owner's
// account. They ask for the owner's password reset and read it in the outbox, then in a privacy
// export of the owner's address; they set the owner's password and profile through the users API.
// Each step now fails: the reset link's token is hidden wherever an admin reads an email (Resend
// sends it again to its recipient instead), and only the owner changes the owner's account.
import { beforeAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, outboxEmails, sessions, users } from '#db/schema.ts';
import { HIDDEN_TOKEN } from '#server/mail/hidden-links.ts';
import { OWNER_ONLY } from '#server/services/users.ts';
import { request, sendJson } from '../helpers/app.ts';
import { createUserRow, signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;

const RESET_LINK = /\/admin\/reset-password\?token=([^\s"&<]+)/;
const NEW_PASSWORD = 'Taken-Over-Passw0rd!';

// One owner per database (a unique index): the file's two tests share them.
let owner: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  owner = await signedIn(db(), 'admin', { isOwner: true, email: 'owner@coach.example' });
});

async function setting() {
  const attacker = await signedIn(db(), 'admin');
  const as = (who: { cookie: string }) => ({ headers: { Cookie: who.cookie } });
  return { owner, attacker, as };
}

describe('a second admin against the owner', () => {
  test('the reset link read in the outbox or a privacy export has no token; Resend sends it to the owner again', async () => {
    const { owner, attacker, as } = await setting();
    expect((await sendJson('POST', '/api/auth/password-reset', { email: owner.user.email })).status).toBe(202);
    // The link is queued after the answer (the same answer for any address).
    let stored: typeof outboxEmails.$inferSelect | undefined;
    for (let tries = 0; !stored && tries < 100; tries++) {
      [stored] = await db().select().from(outboxEmails).where(eq(outboxEmails.kind, 'password_reset'));
      if (!stored) await Bun.sleep(50);
    }
    // There is a live token to hide: the email as stored (and sent) holds it.
    const token = stored!.text.match(RESET_LINK)?.[1];
    expect(token).toBeDefined();
    expect(token).not.toBe(HIDDEN_TOKEN);

    const shown = await (await request(`/api/admin/outbox/${stored!.id}`, as(attacker))).json();
    expect(shown.text).toContain(`/admin/reset-password?token=${HIDDEN_TOKEN}`);
    expect(JSON.stringify(shown)).not.toContain(token!);

    const exported = await request(`/api/admin/privacy/export?email=${encodeURIComponent(owner.user.email)}`, as(attacker));
    expect(exported.status).toBe(200);
    const exportText = await exported.text();
    expect(exportText).toContain(`token=${HIDDEN_TOKEN}`);
    expect(exportText).not.toContain(token!);

    // The hidden link does nothing.
    const tried = await sendJson('POST', '/api/auth/password-reset/confirm', { token: HIDDEN_TOKEN, password: NEW_PASSWORD });
    expect(tried.status).toBe(400);

    const resent = await sendJson('POST', `/api/admin/outbox/${stored!.id}/resend`, {}, as(attacker));
    expect(resent.status).toBe(201);
    const copy = await resent.json();
    expect(copy).toMatchObject({ kind: 'password_reset', toAddress: owner.user.email, status: 'queued' });
    const [copied] = await db().select().from(outboxEmails).where(eq(outboxEmails.id, copy.id));
    expect(copied!.text).toBe(stored!.text);
    expect(copied!.messageId).not.toBe(stored!.messageId);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email.resent'), eq(auditLog.actorId, attacker.user.id)));
    expect(audited).toHaveLength(1);
    expect((await sendJson('POST', '/api/admin/outbox/999999/resend', {}, as(attacker))).status).toBe(404);
  });

  test('the users API refuses the owner’s password and profile to anyone but the owner; the owner’s account is untouched', async () => {
    const { owner, attacker, as } = await setting();
    const before = await db().select().from(users).where(eq(users.id, owner.user.id));
    const password = await sendJson('PATCH', `/api/auth/admin/users/${owner.user.id}/password`, { password: NEW_PASSWORD }, as(attacker));
    expect({ status: password.status, body: await password.json() }).toEqual({ status: 403, body: { message: OWNER_ONLY } });
    const profile = await sendJson(
      'PATCH',
      `/api/auth/admin/users/${owner.user.id}/profile`,
      { profileImageUrl: 'https://evil.example/me.png' },
      as(attacker),
    );
    expect({ status: profile.status, body: await profile.json() }).toEqual({ status: 403, body: { message: OWNER_ONLY } });
    expect(await db().select().from(users).where(eq(users.id, owner.user.id))).toEqual(before);
    expect(await db().select().from(sessions).where(eq(sessions.userId, owner.user.id))).toHaveLength(1);

    // Everyone still changes their own account, and the owner anyone's.
    const own = await sendJson('PATCH', `/api/auth/admin/users/${attacker.user.id}/password`, { password: NEW_PASSWORD }, as(attacker));
    expect(own.status).toBe(204);
    const other = await createUserRow(db(), { role: 'admin' });
    expect((await sendJson('PATCH', `/api/auth/admin/users/${other.id}/password`, { password: NEW_PASSWORD }, as(owner))).status).toBe(204);
    expect((await sendJson('PATCH', `/api/auth/admin/users/${owner.user.id}/password`, { password: NEW_PASSWORD }, as(owner))).status).toBe(
      204,
    );
  });
});
