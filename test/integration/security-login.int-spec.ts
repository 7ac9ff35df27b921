import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { SecurityAlertEntity } from '../../src/modules/security/entities/security-alert.entity';
import { LoginAttemptEntity } from '../../src/modules/security/entities/login-attempt.entity';
import { PasswordHasher } from '../../src/modules/security/passwords/password-hasher';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';
import { codeAfter, consoleDriver, createUser, MINUTE, nextMessage, seenMessages, setVerification } from './security-support';

const ARABIC = /[\u0600-\u06FF]/;
const PASSWORD = 'Nakheel-Yanbu-7';

describe('administrator login: codes, sessions, freezing', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp({
      worker: true,
      env: {
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        RATE_LIMIT_CODES_PER_ACCOUNT: '1000',
        RATE_LIMIT_LOGIN_PER_USERNAME: '1000',
        TRUST_PROXY: 'false',
      },
    });
    db = t.app.get(DataSource);
    await createUser(t, 'sara', PASSWORD);
    await createUser(t, 'frozen.one', PASSWORD);
    await createUser(t, 'codes', PASSWORD);
  });
  afterAll(async () => {
    await setVerification(t, true);
    await t.close();
  });

  const login = (username: string, password: string, xff?: string) => {
    const req = t.http.post('/api/auth/login');
    if (xff) void req.set('x-forwarded-for', xff);
    return req.send({ username, password });
  };

  it('asks for a WhatsApp code, then opens a session with it (username in any case)', async () => {
    await setVerification(t, true);
    let first: { status: number; body: Record<string, unknown> } | undefined;
    const code = await codeAfter(t, async () => {
      first = await login('  SARA ', PASSWORD);
    });
    expect(first!.status).toBe(200);
    expect(first!.body).toEqual({ requiresVerification: true, message: expect.stringMatching(ARABIC) });
    // The console driver (development) prints the code: the step says where to find it.
    expect(first!.body.message).toContain('يظهر الرمز في نافذة الطرفية');
    expect(code).toMatch(/^\d{6}$/);
    const sent = consoleDriver(t)
      .recent()
      .filter((m) => m.variables[0] === code);
    expect(sent.map((m) => m.to)).toEqual(['console']);

    const verified = await t.http.post('/api/auth/verify-login').send({ username: 'Sara', verificationCode: code }).expect(200);
    expect(verified.body).toEqual({
      success: true,
      token: expect.any(String),
      user: { id: expect.any(Number), username: 'sara', role: 'admin' },
      expiresAt: new Date(t.clock.now().getTime() + 12 * 60 * MINUTE).toISOString(),
    });
    const token = verified.body.token as string;
    const me = await t.http.get('/api/auth/verify').set('authorization', `Bearer ${token}`).expect(200);
    expect(me.body).toEqual({ user: { id: verified.body.user.id, username: 'sara', role: 'admin' }, expiresAt: verified.body.expiresAt });

    // Replay: the code is single use.
    const replay = await t.http.post('/api/auth/verify-login').send({ username: 'sara', verificationCode: code }).expect(401);
    expect(replay.body).toMatchObject({ code: 'INVALID_VERIFICATION_CODE', message: expect.stringMatching(ARABIC) });

    await t.http.post('/api/auth/logout').set('authorization', `Bearer ${token}`).expect(200, { success: true });
    await t.http.get('/api/auth/verify').set('authorization', `Bearer ${token}`).expect(401);
    // Logging out again, or without any token, still answers 200.
    await t.http.post('/api/auth/logout').set('authorization', `Bearer ${token}`).expect(200, { success: true });
    await t.http.post('/api/auth/logout').expect(200, { success: true });
    await t.http.post('/api/auth/logout').set('authorization', 'Bearer not-a-token').expect(200, { success: true });

    const admin = await directToken();
    const attempts = await t.http
      .get('/api/security/login-attempts')
      .query({ range: '[0,2]' })
      .set('authorization', `Bearer ${admin.token}`)
      .expect(200);
    expect(attempts.body).toHaveLength(3);
    expect(attempts.headers['content-range']).toMatch(/^items 0-2\/\d+$/);
    // Newest first (other test files may have moved their own clocks further, so look at sara's rows).
    const all = await t.http
      .get('/api/security/login-attempts')
      .query({ filter: JSON.stringify({ q: 'sara' }), range: '[0,99]' })
      .set('authorization', `Bearer ${admin.token}`)
      .expect(200);
    const saras = all.body.filter((a: { username: string }) => a.username === 'sara');
    expect(saras.slice(0, 3).map((a: { success: boolean; failureReason: string | null }) => [a.success, a.failureReason])).toEqual([
      [true, null],
      [false, 'invalid_verification_code'],
      [true, null],
    ]);
    expect(saras[0]).toEqual({
      id: expect.any(Number),
      username: 'sara',
      success: true,
      ipAddress: expect.any(String),
      country: null,
      countryCode: null,
      failureReason: null,
      attemptedAt: expect.any(String),
    });
  });

  /** A session for 'sara' through the direct login (verification off), then verification back on. */
  async function directToken(username = 'sara', password = PASSWORD): Promise<{ token: string; body: Record<string, unknown> }> {
    await setVerification(t, false);
    try {
      const res = await login(username, password).expect(200);
      return { token: res.body.token as string, body: res.body };
    } finally {
      await setVerification(t, true);
    }
  }

  it('signs in directly when verification is off', async () => {
    const seen = seenMessages(t);
    const { body } = await directToken();
    expect(body).toEqual({
      requiresVerification: false,
      token: expect.any(String),
      user: { id: expect.any(Number), username: 'sara', role: 'admin' },
      expiresAt: new Date(t.clock.now().getTime() + 12 * 60 * MINUTE).toISOString(),
      message: expect.stringMatching(ARABIC),
    });
    expect(
      consoleDriver(t)
        .recent()
        .some((m) => !seen.has(m.id) && m.templateKey === 'verificationCode'),
    ).toBe(false);
  });

  it('answers an unknown username exactly like a wrong password, after the same argon2 work', async () => {
    const hasher = t.app.get(PasswordHasher);
    const dummy = jest.spyOn(hasher, 'verifyDummy');
    const unknown = await login('nobody-here', 'whatever-1').expect(401);
    expect(dummy).toHaveBeenCalledWith('whatever-1');
    dummy.mockRestore();
    const wrong = await login('sara', 'wrong-password-1').expect(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'اسم المستخدم أو كلمة المرور غير صحيحة' });
    const rows = await db.getRepository(LoginAttemptEntity).find({ where: { username: 'nobody-here' } });
    expect(rows.map((r) => r.failureReason)).toEqual(['invalid_username']);
    // The wrong password reset by a right one, so sara is not on her way to a freeze.
    await directToken();
  });

  it('freezes after exactly 3 wrong passwords, refuses the 4th with the right one, and thaws after 30 minutes', async () => {
    const before = await directToken('frozen.one');
    const seen = seenMessages(t);
    const first = await login('frozen.one', 'bad-1').expect(401);
    expect(first.body.code).toBe('INVALID_CREDENTIALS');
    const second = await login('FROZEN.ONE', 'bad-2').expect(401);
    expect(second.body.code).toBe('INVALID_CREDENTIALS');
    const third = await login(' Frozen.One', 'bad-3').expect(401);
    expect(third.body).toMatchObject({
      code: 'ACCOUNT_FROZEN',
      message: expect.stringContaining('30 دقيقة'),
      details: { remainingMinutes: 30, frozenUntil: new Date(t.clock.now().getTime() + 30 * MINUTE).toISOString() },
    });
    // Freezing stops password logins, not the session already open (strangers cannot sign the owner
    // out), and the alert says where the failures came from.
    await t.http.get('/api/auth/verify').set('authorization', `Bearer ${before.token}`).expect(200);
    const alert = await nextMessage(t, seen, 'securityAlert');
    expect(alert.text).toContain('frozen.one');
    const [frozenRow] = await db
      .getRepository(SecurityAlertEntity)
      .find({ where: { username: 'frozen.one', alertType: 'account_frozen' } });
    expect(frozenRow.description).toMatch(/من: [\d.:a-f]+/);

    const fourth = await login('frozen.one', PASSWORD).expect(401);
    expect(fourth.body.code).toBe('ACCOUNT_FROZEN');

    // Attempts while frozen do not extend the freeze.
    t.clock.advance(20 * MINUTE);
    const later = await login('frozen.one', 'bad-4').expect(401);
    expect(later.body.details).toMatchObject({ remainingMinutes: 10 });
    t.clock.advance(10 * MINUTE + 1000);
    const thawed = await directToken('frozen.one');
    expect(thawed.body.requiresVerification).toBe(false);

    const reasons = (await db.getRepository(LoginAttemptEntity).find({ where: { username: 'frozen.one' }, order: { id: 'ASC' } })).map(
      (r) => r.failureReason,
    );
    expect(reasons).toEqual([null, 'invalid_password', 'invalid_password', 'invalid_password', 'account_frozen', 'account_frozen', null]);
    const alerts = await db.getRepository(SecurityAlertEntity).find({ where: { username: 'frozen.one' } });
    expect(alerts.map((a) => [a.alertType, a.severity]).sort()).toEqual([
      ['account_frozen', 'high'],
      ['failed_login', 'medium'],
    ]);
  });

  it('answers an unknown username with the freeze an account would get, so the answers tell no names apart', async () => {
    const answers: Record<string, unknown>[] = [];
    for (const password of ['bad-1', 'bad-2', 'bad-3', PASSWORD]) answers.push((await login('no.such.admin', password).expect(401)).body);
    expect(answers.map((a) => a.code)).toEqual(['INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'ACCOUNT_FROZEN', 'ACCOUNT_FROZEN']);
    expect(answers[2]).toMatchObject({
      message: expect.stringContaining('30 دقيقة'),
      details: { remainingMinutes: 30, frozenUntil: new Date(t.clock.now().getTime() + 30 * MINUTE).toISOString() },
    });
    // Tries while "frozen" do not extend it, and it thaws on time, as an account's does.
    t.clock.advance(20 * MINUTE);
    expect((await login('no.such.admin', 'bad-4').expect(401)).body.details).toMatchObject({ remainingMinutes: 10 });
    t.clock.advance(10 * MINUTE + 1000);
    expect((await login('no.such.admin', 'bad-5').expect(401)).body.code).toBe('INVALID_CREDENTIALS');
    // The log still says what happened: every try was for a username that does not exist.
    const rows = await db.getRepository(LoginAttemptEntity).find({ where: { username: 'no.such.admin' } });
    expect(rows.map((r) => r.failureReason)).toEqual(Array(6).fill('invalid_username'));
  });

  it('lets another administrator see the status, resolve alerts and unfreeze an account', async () => {
    for (const bad of ['x1-wrong', 'x2-wrong', 'x3-wrong']) await login('frozen.one', bad);
    const admin = await directToken('sara');
    const auth = { authorization: `Bearer ${admin.token}` };
    const status = await t.http.get('/api/security/status?username=Frozen.One').set(auth).expect(200);
    expect(status.body).toEqual({
      username: 'frozen.one',
      isFrozen: true,
      frozenUntil: expect.any(String),
      lastSuccessfulLogin: expect.any(String),
      failedAttempts: 3,
      maxFailedAttempts: 3,
      freezeDurationMinutes: 30,
      geoAlertEnabled: true,
      allowedCountries: ['SA'],
    });
    const own = await t.http.get('/api/security/status').set(auth).expect(200);
    expect(own.body).toMatchObject({ username: 'sara', isFrozen: false });

    const openFreezes = { filter: JSON.stringify({ resolved: false, alertType: 'account_frozen' }), range: '[0,99]' };
    const alerts = await t.http.get('/api/security/alerts').query(openFreezes).set(auth).expect(200);
    const frozenAlert = alerts.body.find((a: { username: string }) => a.username === 'frozen.one');
    expect(frozenAlert).toMatchObject({ severity: 'high', resolved: false, resolvedAt: null, resolvedBy: null });
    await t.http.post(`/api/security/alerts/${frozenAlert.id}/resolve`).set(auth).expect(200, { success: true });
    // Resolved, it leaves the open alerts and shows among the resolved ones, with who resolved it.
    const stillOpen = await t.http.get('/api/security/alerts').query(openFreezes).set(auth).expect(200);
    expect(stillOpen.body.map((a: { id: number }) => a.id)).not.toContain(frozenAlert.id);
    const after = await t.http
      .get('/api/security/alerts')
      .query({ filter: JSON.stringify({ resolved: true, alertType: 'account_frozen' }), range: '[0,99]' })
      .set(auth)
      .expect(200);
    expect(after.body.find((a: { id: number }) => a.id === frozenAlert.id)).toMatchObject({ resolved: true, resolvedBy: 'sara' });
    await t.http.post('/api/security/alerts/999999/resolve').set(auth).expect(404);

    const unfrozen = await t.http.post('/api/security/unfreeze').set(auth).send({ username: 'FROZEN.ONE' }).expect(200);
    expect(unfrozen.body).toEqual({ success: true, message: expect.stringMatching(ARABIC) });
    await directToken('frozen.one');
  });

  it('voids a code after 5 minutes, after 5 wrong tries, and when a new one is sent', async () => {
    // Expiry: valid at 4:59, void at 5:00.
    let code = await codeAfter(t, () => login('codes', PASSWORD).expect(200));
    t.clock.advance(5 * MINUTE - 1000);
    await t.http.post('/api/auth/verify-login').send({ username: 'codes', verificationCode: code }).expect(200);
    code = await codeAfter(t, () => login('codes', PASSWORD).expect(200));
    t.clock.advance(5 * MINUTE);
    const expired = await t.http.post('/api/auth/verify-login').send({ username: 'codes', verificationCode: code }).expect(401);
    expect(expired.body.code).toBe('INVALID_VERIFICATION_CODE');

    // Five wrong tries void the code.
    code = await codeAfter(t, () => login('codes', PASSWORD).expect(200));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await t.http.post('/api/auth/verify-login').send({ username: 'codes', verificationCode: wrong }).expect(401);
    }
    await t.http.post('/api/auth/verify-login').send({ username: 'codes', verificationCode: code }).expect(401);

    // A resend voids the previous code.
    const old = await codeAfter(t, () => login('codes', PASSWORD).expect(200));
    const fresh = await codeAfter(t, () => login('codes', PASSWORD).expect(200));
    if (old !== fresh) await t.http.post('/api/auth/verify-login').send({ username: 'codes', verificationCode: old }).expect(401);
    await t.http.post('/api/auth/verify-login').send({ username: 'codes', verificationCode: fresh }).expect(200);

    const bad = await t.http.post('/api/auth/verify-login').send({ username: 'codes', verificationCode: '12ab' }).expect(400);
    expect(bad.body.errors.verificationCode).toMatch(ARABIC);
    const reasons = await db
      .getRepository(LoginAttemptEntity)
      .count({ where: { username: 'codes', failureReason: 'invalid_verification_code' } });
    expect(reasons).toBeGreaterThanOrEqual(7);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const res = await login('sara', PASSWORD, '8.8.8.8').expect(200);
    expect(res.body.requiresVerification).toBe(true);
  });

  it('refuses a missing username or password with Arabic field errors', async () => {
    const res = await t.http.post('/api/auth/login').send({ username: ' ', password: '' }).expect(400);
    expect(res.body.errors).toEqual({ username: 'يرجى إدخال اسم المستخدم', password: 'يرجى إدخال كلمة المرور' });
  });
});

describe('administrator codes when no administrator WhatsApp number is configured', () => {
  let t: TestApp;
  let db: DataSource;
  let savedNumbers: string | null = null;

  beforeAll(async () => {
    // A real provider (nothing is sent: the calls stop before the outbox) and no number anywhere.
    t = await createTestApp({
      env: {
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        WHATSAPP_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_FROM: 'whatsapp:+14155238886',
        TWILIO_BASE_URL: 'http://127.0.0.1:9',
      },
    });
    db = t.app.get(DataSource);
    const [row] = (await db.query(`SELECT value FROM system_settings WHERE key = 'admin_whatsapp_numbers'`)) as Array<{
      value: string | null;
    }>;
    savedNumbers = row?.value ?? null;
    await db.query(`UPDATE system_settings SET value = '[]' WHERE key = 'admin_whatsapp_numbers'`);
    await createUser(t, 'no.numbers', PASSWORD);
    await setVerification(t, true);
  });
  afterAll(async () => {
    await db.query(`UPDATE system_settings SET value = $1 WHERE key = 'admin_whatsapp_numbers'`, [savedNumbers]);
    await t.close();
  });

  const outboxRows = async () => Number(((await db.query(`SELECT count(*) AS n FROM assurance_attempts`)) as Array<{ n: string }>)[0].n);

  it('answers 503 NO_ADMIN_NUMBERS in Arabic to a login that needs a code, opening no session and queueing nothing', async () => {
    const before = await outboxRows();
    const sessionsBefore = Number(((await db.query(`SELECT count(*) AS n FROM admin_sessions`)) as Array<{ n: string }>)[0].n);
    const res = await t.http.post('/api/auth/login').send({ username: 'no.numbers', password: PASSWORD }).expect(503);
    expect(res.body).toMatchObject({
      code: 'NO_ADMIN_NUMBERS',
      message: expect.stringContaining('لا يوجد رقم واتساب مسجل للمشرفين'),
    });
    expect(res.body).not.toHaveProperty('token');
    const codes = (await db.query(`SELECT count(*) AS n FROM login_verification_codes WHERE username = 'no.numbers'`)) as Array<{
      n: string;
    }>;
    expect(Number(codes[0].n)).toBe(0);
    expect(await outboxRows()).toBe(before);
    expect(Number(((await db.query(`SELECT count(*) AS n FROM admin_sessions`)) as Array<{ n: string }>)[0].n)).toBe(sessionsBefore);
  });

  it("answers the administrators' test message with the same 503 NO_ADMIN_NUMBERS (one status for one code)", async () => {
    const { token } = await signInAdmin(t.app, 'numbers-check-admin');
    const res = await t.http.post('/api/admin/test-whatsapp-broadcast').set('authorization', `Bearer ${token}`).expect(503);
    expect(res.body).toMatchObject({ code: 'NO_ADMIN_NUMBERS', message: expect.stringMatching(/[\u0600-\u06FF]/) });
  });

  it('answers a password reset the same for a known and an unknown username', async () => {
    const known = await t.http.post('/api/auth/reset-password').send({ username: 'no.numbers' });
    const unknown = await t.http.post('/api/auth/reset-password').send({ username: 'nobody.at.all' });
    expect(known.status).toBe(503);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body.code).toBe('NO_ADMIN_NUMBERS');
    expect(unknown.body.message).toBe(known.body.message);
  });

  it('still signs in directly when verification is off', async () => {
    await setVerification(t, false);
    try {
      const res = await t.http.post('/api/auth/login').send({ username: 'no.numbers', password: PASSWORD }).expect(200);
      expect(res.body).toMatchObject({ requiresVerification: false, token: expect.any(String) });
    } finally {
      await setVerification(t, true);
    }
  });
});
