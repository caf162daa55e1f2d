import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit-events.js';
import { sessions, users } from '../../db/schema/auth.js';
import { storedFiles } from '../../db/schema/stored-files.js';
import { localStorage } from '../../platform/storage/storage.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { cookieHeader, createSignedInUser } from '../../testing/auth-helpers.js';
import { bookAppointment, createPractice, hoursAhead } from '../../testing/booking-fixtures.js';
import { multipartBody, TINY_GIF, TINY_PNG } from '../../testing/multipart.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Reads the test server's stored files directly (the local driver on its STORAGE_DIR). */
const files = () => localStorage(t.config.storageDir);

async function patchProfile(cookie: string, payload: unknown) {
  return t.app.inject({ method: 'PATCH', url: '/api/v1/profile', headers: { cookie }, payload: payload as Record<string, unknown> });
}

async function uploadAvatar(cookie: string, body: Buffer, options: { name?: string; filename?: string; contentType?: string } = {}) {
  const form = multipartBody([
    { name: options.name ?? 'avatar', filename: options.filename ?? 'me.png', contentType: options.contentType ?? 'image/png', body },
  ]);
  return t.app.inject({ method: 'POST', url: '/api/v1/profile/avatar', headers: { cookie, ...form.headers }, payload: form.payload });
}

async function lastAudit(action: string, actorUserId: string) {
  const [row] = await t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.actorUserId, actorUserId)))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

describe('GET and PATCH /api/v1/profile', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'auth.unauthenticated' });
  });

  it('returns your own settings, unset preferences as null', async () => {
    const me = await createSignedInUser(t, { prefix: 'profile-get' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      id: me.userId,
      name: me.name,
      email: me.email,
      image: null,
      locale: null,
      timeZone: null,
      region: null,
      twoFactorEnabled: false,
    });
  });

  it('saves name, language, time zone and region, audits the change, and the session shows them', async () => {
    const me = await createSignedInUser(t, { prefix: 'profile-patch' });
    const res = await patchProfile(me.cookie, { name: '  Ada Lovelace  ', locale: 'fr', timeZone: 'Europe/Paris', region: 'FR' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ada Lovelace', locale: 'fr', timeZone: 'Europe/Paris', region: 'FR' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.userId));
    expect(row).toMatchObject({ name: 'Ada Lovelace', locale: 'fr', timeZone: 'Europe/Paris', region: 'FR', role: 'patient' });
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: me.cookie } });
    expect(session.json().user).toMatchObject({ name: 'Ada Lovelace', locale: 'fr', timeZone: 'Europe/Paris', region: 'FR' });
    const audit = await lastAudit('profile.update', me.userId);
    expect(audit).toMatchObject({ outcome: 'success', targetType: 'user', targetId: me.userId });
    expect(audit?.requestId).toBeTruthy();
    expect(audit?.clientIp).toBeTruthy();
    expect(audit?.metadata).toEqual({ fields: ['name', 'locale', 'region', 'timeZone'] });

    // One field at a time leaves the others alone; null clears a preference.
    const partial = await patchProfile(me.cookie, { timeZone: 'America/Sao_Paulo' });
    expect(partial.json()).toMatchObject({ name: 'Ada Lovelace', locale: 'fr', timeZone: 'America/Sao_Paulo', region: 'FR' });
    const cleared = await patchProfile(me.cookie, { timeZone: null, region: null });
    expect(cleared.json()).toMatchObject({ locale: 'fr', timeZone: null, region: null });
  });

  it('accepts every zone the runtime knows, fixing only the case of the name', async () => {
    const me = await createSignedInUser(t, { prefix: 'profile-tz' });
    for (const [given, stored] of [
      ['europe/london', 'Europe/London'],
      ['UTC', 'UTC'],
      ['Asia/Kolkata', 'Asia/Kolkata'],
      ['America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
      ['Etc/GMT+5', 'Etc/GMT+5'],
    ]) {
      const res = await patchProfile(me.cookie, { timeZone: given });
      expect(res.statusCode, given).toBe(200);
      expect(res.json().timeZone).toBe(stored);
    }
  });

  it('refuses an unknown time zone, language or region, and a bad name, changing nothing', async () => {
    const me = await createSignedInUser(t, { prefix: 'profile-bad' });
    const cases: [unknown, string, string][] = [
      [{ timeZone: 'Mars/Olympus' }, 'profile.invalid-time-zone', 'body.timeZone'],
      [{ timeZone: 'Europe/London; drop table users' }, 'profile.invalid-time-zone', 'body.timeZone'],
      [{ timeZone: '' }, 'request.invalid', 'body.timeZone'],
      [{ timeZone: 'x'.repeat(65) }, 'request.invalid', 'body.timeZone'],
      [{ locale: 'de' }, 'request.invalid', 'body.locale'],
      [{ locale: 'zh' }, 'request.invalid', 'body.locale'],
      [{ region: 'DE' }, 'request.invalid', 'body.region'],
      [{ region: 'us' }, 'request.invalid', 'body.region'],
      [{ name: '' }, 'request.invalid', 'body.name'],
      [{ name: '    ' }, 'request.invalid', 'body.name'],
      [{ name: 'x'.repeat(201) }, 'request.invalid', 'body.name'],
      [{ name: 42 }, 'request.invalid', 'body.name'],
    ];
    for (const [payload, code, path] of cases) {
      const res = await patchProfile(me.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ code, errors: [expect.objectContaining({ path })] });
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.userId));
    expect(row).toMatchObject({ name: me.name, locale: null, timeZone: null, region: null });
  });

  it('refuses fields that are not settings (role, email, id, disabledAt, …)', async () => {
    const me = await createSignedInUser(t, { prefix: 'profile-extra' });
    for (const extra of [
      { role: 'admin' },
      { email: 'someone@example.test' },
      { id: '00000000-0000-4000-a000-000000000002' },
      { disabledAt: null },
      { professionalStatus: 'verified' },
      { image: 'https://evil.example/x.png' },
      { twoFactorEnabled: true },
      { emailVerified: false },
    ]) {
      const res = await patchProfile(me.cookie, { name: 'Sneaky', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().code).toBe('request.invalid');
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.userId));
    expect(row).toMatchObject({ name: me.name, role: 'patient', email: me.email, image: null, professionalStatus: 'not_applicable' });
  });

  it('answers 4xx, never 5xx, to bodies that are not JSON objects', async () => {
    const me = await createSignedInUser(t, { prefix: 'profile-junk' });
    const junk = [
      { headers: { 'content-type': 'application/json' }, payload: '{"name":' },
      { headers: { 'content-type': 'application/json' }, payload: '[]' },
      { headers: { 'content-type': 'application/json' }, payload: 'null' },
      { headers: { 'content-type': 'text/plain' }, payload: 'name=x' },
      { ...multipartBody([{ name: 'name', body: 'Ada' }]) },
    ];
    for (const request of junk) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/v1/profile', headers: { cookie: me.cookie, ...request.headers }, payload: request.payload });
      expect(res.statusCode, String(request.payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, String(request.payload)).toBeLessThan(500);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.userId));
    expect(row?.name).toBe(me.name);
  });

  it('keeps multipart to the avatar upload: other routes still answer 415 to it', async () => {
    const form = multipartBody([{ name: 'email', body: 'reader@example.test' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscriptions', headers: form.headers, payload: form.payload });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('request.unsupported-media-type');
  });
});

describe('avatar', () => {
  it('accepts a PNG: stored, recorded, set on the user, served only to the people its owner deals with', async () => {
    const me = await createSignedInUser(t, { prefix: 'avatar-png' });
    const res = await uploadAvatar(me.cookie, TINY_PNG);
    expect(res.statusCode).toBe(200);
    const image = res.json().image as string;
    expect(image).toMatch(new RegExp(`^/api/v1/avatars/${me.userId}\\?v=[0-9a-f]{8}$`));

    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.userId));
    expect(row?.image).toBe(image);
    expect(row?.avatarKey).toMatch(new RegExp(`^avatars/${me.userId}/[0-9a-f-]{36}$`));
    const recorded = await t.database.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, me.userId));
    expect(recorded).toEqual([
      expect.objectContaining({ key: row?.avatarKey, tenantId: null, purpose: 'avatar', contentType: 'image/png', byteSize: TINY_PNG.length }),
    ]);
    expect((await files().get(row!.avatarKey!))?.body.equals(TINY_PNG)).toBe(true);
    expect(await lastAudit('profile.avatar.upload', me.userId)).toMatchObject({ outcome: 'success' });

    // The session reports the new image for the header.
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: me.cookie } });
    expect(session.json().user.image).toBe(image);

    // A signed-in stranger with the address gets what a person without an avatar gets.
    const stranger = await createSignedInUser(t, { prefix: 'avatar-stranger' });
    const hidden = await t.app.inject({ method: 'GET', url: image, headers: { cookie: stranger.cookie } });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('profile.avatar-not-found');
    // The provider of their appointment sees it.
    const practice = await createPractice(t);
    await bookAppointment(t, me, practice, hoursAhead(48));
    const other = practice.provider;
    const served = await t.app.inject({ method: 'GET', url: image, headers: { cookie: other.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/^private/);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f-]{36}"$/);
    const again = await t.app.inject({ method: 'GET', url: image, headers: { cookie: other.cookie, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const anonymous = await t.app.inject({ method: 'GET', url: image });
    expect(anonymous.statusCode).toBe(401);
    // Belonging to an organisation shows one's avatar to its staff only where they share a visit or
    // a conversation: not to its practice manager, who shares neither. Colleagues (both staff) see each other's.
    const manager = await createSignedInUser(t, { prefix: 'avatar-manager' });
    const join = (userId: string, role: string) =>
      t.database.db.execute(sql`insert into tenant_memberships (tenant_id, user_id, role, status) values (${practice.tenantId}, ${userId}, ${role}, 'active')`);
    await join(me.userId, 'member');
    await join(manager.userId, 'practice_manager');
    expect((await t.app.inject({ method: 'GET', url: image, headers: { cookie: manager.cookie } })).statusCode).toBe(404);
    const managerImage = (await uploadAvatar(manager.cookie, TINY_PNG)).json().image as string;
    expect((await t.app.inject({ method: 'GET', url: managerImage, headers: { cookie: practice.provider.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: managerImage, headers: { cookie: me.cookie } })).statusCode).toBe(404);
    // A verified provider's avatar is their directory photo: any signed-in person sees it.
    const theirs = (await uploadAvatar(practice.provider.cookie, TINY_PNG)).json().image as string;
    expect((await t.app.inject({ method: 'GET', url: theirs, headers: { cookie: stranger.cookie } })).statusCode).toBe(200);
  });

  it('detects the type from the content: a GIF named .png is stored as a GIF', async () => {
    const me = await createSignedInUser(t, { prefix: 'avatar-gif' });
    const res = await uploadAvatar(me.cookie, TINY_GIF, { filename: 'me.png', contentType: 'image/png' });
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json().image, headers: { cookie: me.cookie } });
    expect(served.headers['content-type']).toBe('image/gif');
  });

  it('refuses a text file renamed .png, an SVG, an empty file and an oversized one, storing nothing', async () => {
    const me = await createSignedInUser(t, { prefix: 'avatar-bad' });
    const text = await uploadAvatar(me.cookie, Buffer.from('just some text, honestly a picture'), { filename: 'photo.png', contentType: 'image/png' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'profile.avatar-not-image' });
    expect(await lastAudit('profile.avatar.upload', me.userId)).toMatchObject({ outcome: 'failure' });

    const svg = await uploadAvatar(me.cookie, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), {
      filename: 'a.svg',
      contentType: 'image/svg+xml',
    });
    expect(svg.statusCode).toBe(400);
    expect(svg.json().code).toBe('profile.avatar-not-image');

    const empty = await uploadAvatar(me.cookie, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('profile.avatar-empty');

    const big = Buffer.concat([TINY_PNG, Buffer.alloc(t.config.AVATAR_MAX_BYTES)]);
    const oversized = await uploadAvatar(me.cookie, big);
    expect(oversized.statusCode).toBe(413);
    expect(oversized.headers['content-type']).toContain('application/problem+json');
    expect(oversized.json().code).toBe('profile.avatar-too-large');

    // Exactly at the limit is fine.
    const atLimit = Buffer.concat([TINY_PNG, Buffer.alloc(t.config.AVATAR_MAX_BYTES - TINY_PNG.length)]);
    expect((await uploadAvatar(me.cookie, atLimit)).statusCode).toBe(200);
    const recorded = await t.database.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, me.userId));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.byteSize).toBe(t.config.AVATAR_MAX_BYTES);
  });

  it('answers 4xx, never 5xx, to malformed uploads and wrong field names', async () => {
    const me = await createSignedInUser(t, { prefix: 'avatar-junk' });
    const wrongField = await uploadAvatar(me.cookie, TINY_PNG, { name: 'picture' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().code).toBe('profile.avatar-missing');

    const fieldOnly = multipartBody([{ name: 'avatar', body: 'not a file' }]);
    const noFile = await t.app.inject({ method: 'POST', url: '/api/v1/profile/avatar', headers: { cookie: me.cookie, ...fieldOnly.headers }, payload: fieldOnly.payload });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().code).toBe('profile.avatar-missing');

    const json = await t.app.inject({ method: 'POST', url: '/api/v1/profile/avatar', headers: { cookie: me.cookie }, payload: { avatar: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('profile.avatar-missing');

    const good = multipartBody([{ name: 'avatar', filename: 'a.png', contentType: 'image/png', body: TINY_PNG }]);
    const truncated = good.payload.subarray(0, good.payload.length - 20);
    const malformed: { headers: Record<string, string>; payload: Buffer | string }[] = [
      { headers: { 'content-type': 'multipart/form-data' }, payload: good.payload },
      { headers: { 'content-type': 'multipart/form-data; boundary=nope' }, payload: good.payload },
      { headers: good.headers, payload: truncated },
      { headers: good.headers, payload: 'garbage' },
      { headers: good.headers, payload: '' },
      { headers: { 'content-type': 'application/octet-stream' }, payload: TINY_PNG },
      { headers: { 'content-type': 'image/png' }, payload: TINY_PNG },
    ];
    for (const request of malformed) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/profile/avatar', headers: { cookie: me.cookie, ...request.headers }, payload: request.payload });
      expect(res.statusCode, `${request.headers['content-type']} ${String(request.payload).slice(0, 20)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${request.headers['content-type']} ${String(request.payload).slice(0, 20)}`).toBeLessThan(500);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }

    const twoFiles = multipartBody([
      { name: 'avatar', filename: 'a.png', contentType: 'image/png', body: TINY_PNG },
      { name: 'avatar', filename: 'b.png', contentType: 'image/png', body: TINY_PNG },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/profile/avatar', headers: { cookie: me.cookie, ...twoFiles.headers }, payload: twoFiles.payload });
    expect(res.statusCode).toBeLessThan(500);
    expect(await t.database.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, me.userId))).toHaveLength(res.statusCode === 200 ? 1 : 0);
  });

  it('deletes the replaced file and its record, and removing deletes the last one', async () => {
    const me = await createSignedInUser(t, { prefix: 'avatar-replace' });
    const first = await uploadAvatar(me.cookie, TINY_PNG);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, me.userId));
    const firstKey = before!.avatarKey!;
    const second = await uploadAvatar(me.cookie, TINY_GIF, { filename: 'b.gif', contentType: 'image/gif' });
    expect(second.statusCode).toBe(200);
    expect(second.json().image).not.toBe(first.json().image);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, me.userId));
    const secondKey = after!.avatarKey!;
    expect(secondKey).not.toBe(firstKey);
    expect(await files().get(firstKey)).toBeNull();
    expect(await files().get(secondKey)).not.toBeNull();
    const recorded = await t.database.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, me.userId));
    expect(recorded.map((r) => r.key)).toEqual([secondKey]);

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/v1/profile/avatar', headers: { cookie: me.cookie } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().image).toBeNull();
    expect(await files().get(secondKey)).toBeNull();
    expect(await t.database.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, me.userId))).toEqual([]);
    const [cleared] = await t.database.db.select().from(users).where(eq(users.id, me.userId));
    expect(cleared).toMatchObject({ image: null, avatarKey: null });
    expect(await lastAudit('profile.avatar.remove', me.userId)).toMatchObject({ outcome: 'success' });

    const gone = await t.app.inject({ method: 'GET', url: `/api/v1/avatars/${me.userId}`, headers: { cookie: me.cookie } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('profile.avatar-not-found');
    // Removing again is harmless.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/profile/avatar', headers: { cookie: me.cookie } })).statusCode).toBe(200);
  });

  it('answers 404 for a person without an avatar and for ids that are not ids', async () => {
    const me = await createSignedInUser(t, { prefix: 'avatar-none' });
    for (const id of [me.userId, 'not-a-uuid', '00000000-0000-4000-a000-00000000ffff']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/avatars/${id}`, headers: { cookie: me.cookie } });
      expect(res.statusCode, id).toBe(404);
    }
  });

  it('refuses an upload without a session', async () => {
    const form = multipartBody([{ name: 'avatar', filename: 'a.png', contentType: 'image/png', body: TINY_PNG }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/profile/avatar', headers: form.headers, payload: form.payload });
    expect(res.statusCode).toBe(401);
  });
});

describe('sessions', () => {
  const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
  const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

  async function signInAgain(person: { email: string; password: string }, userAgent: string, remoteAddress = '127.0.0.1') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'user-agent': userAgent },
      remoteAddress,
      payload: { email: person.email, password: person.password },
    });
    expect(res.statusCode).toBe(200);
    return cookieHeader(res);
  }

  it('lists your sessions with device, address and times, the current one first, and never a token', async () => {
    const me = await createSignedInUser(t, { prefix: 'sessions-list' });
    const laptop = await signInAgain(me, CHROME_LINUX, '203.0.113.7');
    const phone = await signInAgain(me, FIREFOX_WINDOWS, '198.51.100.4');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/profile/sessions', headers: { cookie: phone } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json().sessions as Record<string, unknown>[];
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ current: true, browser: 'Firefox', os: 'Windows', ipAddress: '198.51.100.4' });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list).toContainEqual(expect.objectContaining({ current: false, browser: 'Chrome', os: 'Linux', ipAddress: '203.0.113.7' }));
    for (const s of list) {
      expect(Object.keys(s).sort()).toEqual(['browser', 'createdAt', 'current', 'expiresAt', 'id', 'ipAddress', 'lastSeenAt', 'os']);
      expect(Date.parse(s.expiresAt as string)).toBeGreaterThan(Date.now());
    }
    const tokens = await t.database.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, me.userId));
    expect(tokens).toHaveLength(3);
    for (const { token } of tokens) expect(res.body).not.toContain(token);
    expect(res.body).not.toMatch(/token/i);
    // The laptop's cookie still works: listing changes nothing.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: laptop } })).statusCode).toBe(200);
  });

  it("revokes one of your sessions; another person's session id answers 404 and keeps working", async () => {
    const me = await createSignedInUser(t, { prefix: 'sessions-revoke' });
    const other = await createSignedInUser(t, { prefix: 'sessions-other' });
    const laptop = await signInAgain(me, CHROME_LINUX);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/v1/profile/sessions', headers: { cookie: me.cookie } })).json().sessions as { id: string; current: boolean }[];
    const laptopSession = mine.find((s) => !s.current && s.id)!;
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/v1/profile/sessions', headers: { cookie: other.cookie } })).json().sessions as { id: string }[];

    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/v1/profile/sessions/${theirs[0]!.id}`, headers: { cookie: me.cookie } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('profile.session-not-found');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: other.cookie } })).statusCode).toBe(200);

    for (const id of ['not-a-uuid', '00000000-0000-4000-a000-00000000ffff']) {
      expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/profile/sessions/${id}`, headers: { cookie: me.cookie } })).statusCode).toBe(404);
    }

    const current = mine.find((s) => s.current)!;
    const self = await t.app.inject({ method: 'DELETE', url: `/api/v1/profile/sessions/${current.id}`, headers: { cookie: me.cookie } });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('profile.session-current');

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/v1/profile/sessions/${laptopSession.id}`, headers: { cookie: me.cookie } });
    expect(revoked.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: laptop } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: me.cookie } })).statusCode).toBe(200);
    const audit = await lastAudit('profile.session.revoke', me.userId);
    expect(audit).toMatchObject({ outcome: 'success', targetType: 'session', targetId: laptopSession.id });
  });

  it('signs out every other session at once, keeping this one', async () => {
    const me = await createSignedInUser(t, { prefix: 'sessions-others' });
    const a = await signInAgain(me, CHROME_LINUX);
    const b = await signInAgain(me, FIREFOX_WINDOWS);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/profile/sessions', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: 2 });
    for (const cookie of [a, b]) expect((await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } })).statusCode).toBe(401);
    const left = await t.app.inject({ method: 'GET', url: '/api/v1/profile/sessions', headers: { cookie: me.cookie } });
    expect(left.json().sessions).toHaveLength(1);
    expect(await lastAudit('profile.session.revoke-others', me.userId)).toMatchObject({ metadata: { revoked: 2 } });
  });
});
