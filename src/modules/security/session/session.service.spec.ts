import { describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { sha256Hex } from '../../../common/crypto/secrets';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_NOW } from '../../../../test/support/test-service';
import type { AdminSessionEntity } from '../entities/admin-session.entity';
import type { UserEntity } from '../entities/user.entity';
import { SessionService, type SessionTokenPayload } from './session.service';
import { SessionsRepository } from './sessions.repository';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const HUDA = { id: 3, username: 'huda', role: 'admin' } as UserEntity;

/** admin_sessions in memory, as SessionsRepository's contract says. */
class FakeSessions {
  rows: AdminSessionEntity[] = [];
  touches = 0;
  async insert(values: Partial<AdminSessionEntity>) {
    const row = {
      ...values,
      id: this.rows.length + 11,
      createdAt: values.lastSeenAt,
      endedAt: null,
      endReason: null,
    } as AdminSessionEntity;
    this.rows.push(row);
    return row;
  }
  async find(id: number) {
    return this.rows.find((r) => r.id === id) ?? null;
  }
  async findWithUser(id: number) {
    const row = await this.find(id);
    return row && { ...row, user: row.userId === HUDA.id ? HUDA : undefined };
  }
  async touch(id: number, at: Date) {
    this.touches += 1;
    (await this.find(id))!.lastSeenAt = at;
  }
  async end(id: number, at: Date, reason: string) {
    const row = (await this.find(id))!;
    if (!row.endedAt) Object.assign(row, { endedAt: at, endReason: reason });
  }
}

const jwt = new JwtService({ secret: 'session-spec-key', signOptions: { algorithm: 'HS256' } });

function setup() {
  const sessions = new FakeSessions();
  const t = newTestService(SessionService, {
    provide: [
      [SessionsRepository, sessions],
      [JwtService, jwt],
    ],
  });
  /** Opens a session and returns what the guard would hand back: the verified JWT payload. */
  const open = async (emergency = false) => {
    const issued = await t.sut.issue(HUDA, { ip: '212.138.64.1', userAgent: 'phone', emergency });
    return { issued, payload: await jwt.verifyAsync<SessionTokenPayload>(issued.token) };
  };
  return { ...t, sessions, open };
}

async function refusedAs401(promise: Promise<unknown>) {
  const error = await refusal(promise);
  expect([error.status, error.code, error.message]).toEqual([401, 'UNAUTHORIZED', 'انتهت صلاحية الجلسة']);
}

describe('SessionService', () => {
  it('opens a 12-hour session whose token names the row and carries a secret stored only as its SHA-256', async () => {
    const t = setup();
    const { issued, payload } = await t.open();
    expect(issued.expiresAt).toEqual(new Date(TEST_NOW.getTime() + 12 * HOUR));
    const [row] = t.sessions.rows;
    expect(payload).toMatchObject({ sid: row.id, sub: 3 });
    expect(row).toMatchObject({
      userId: 3,
      token: sha256Hex(payload.sec),
      isEmergency: false,
      ipAddress: '212.138.64.1',
      userAgent: 'phone',
    });
    expect(JSON.stringify(row)).not.toContain(payload.sec);
    expect(await t.sut.validate(payload)).toEqual({ userId: 3, username: 'huda', role: 'admin', sessionId: row.id, isEmergency: false });
  });

  it('ends a session at 12 hours however busy it was', async () => {
    const t = setup();
    const { payload } = await t.open();
    for (let used = 0; used < 11 * 2 + 1; used++) {
      t.clock.advance(30 * MINUTE);
      await t.sut.validate(payload);
    }
    t.clock.advance(30 * MINUTE);
    await refusedAs401(t.sut.validate(payload));
    expect(t.sessions.rows[0]).toMatchObject({ endedAt: new Date(TEST_NOW.getTime() + 12 * HOUR), endReason: 'expired' });
  });

  it('an emergency session lasts one hour in all, and says it is one', async () => {
    const t = setup();
    const { issued, payload } = await t.open(true);
    expect(issued.expiresAt).toEqual(new Date(TEST_NOW.getTime() + HOUR));
    t.clock.advance(59 * MINUTE);
    expect(await t.sut.validate(payload)).toMatchObject({ isEmergency: true });
    t.clock.advance(MINUTE);
    await refusedAs401(t.sut.validate(payload));
    expect(t.sessions.rows[0].endReason).toBe('expired');
  });

  it('ends a session left unused for more than an hour; use within the hour keeps it alive', async () => {
    const t = setup();
    const { payload } = await t.open();
    t.clock.advance(HOUR);
    await t.sut.validate(payload);
    t.clock.advance(HOUR);
    await t.sut.validate(payload);
    t.clock.advance(HOUR + 1);
    await refusedAs401(t.sut.validate(payload));
    expect(t.sessions.rows[0]).toMatchObject({ endReason: 'idle' });
  });

  it('writes the last use at most once a minute, not on every call', async () => {
    const t = setup();
    const { payload } = await t.open();
    for (let i = 0; i < 5; i++) {
      t.clock.advance(10_000);
      await t.sut.validate(payload);
    }
    expect(t.sessions.touches).toBe(0);
    t.clock.advance(20_001);
    await t.sut.validate(payload);
    expect(t.sessions.touches).toBe(1);
    expect(t.sessions.rows[0].lastSeenAt).toEqual(new Date(TEST_NOW.getTime() + 70_001));
  });

  it('refuses an ended session, a token whose secret does not match its row, and an unknown row', async () => {
    const t = setup();
    const { payload } = await t.open();
    await refusedAs401(t.sut.validate({ ...payload, sec: 'guessed' }));
    await refusedAs401(t.sut.validate({ ...payload, sid: 999 }));
    await refusedAs401(t.sut.validate({ sid: payload.sid } as SessionTokenPayload));
    await t.sut.end(payload.sid, 'logout');
    await refusedAs401(t.sut.validate(payload));
    expect(t.sessions.rows[0].endReason).toBe('logout');
  });

  it('logout ends the session of a genuine token only; a forged or altered token ends nothing', async () => {
    const t = setup();
    const { issued, payload } = await t.open();
    const forged = await new JwtService({ secret: 'another-key' }).signAsync({ ...payload });
    const altered = await jwt.signAsync({ ...payload, sec: 'guessed' });
    for (const token of [forged, altered, 'not-a-jwt']) await expect(t.sut.endByToken(token, 'logout')).resolves.toBe(false);
    expect(t.sessions.rows[0].endedAt).toBeNull();
    await expect(t.sut.endByToken(issued.token, 'logout')).resolves.toBe(true);
    expect(t.sessions.rows[0]).toMatchObject({ endedAt: TEST_NOW, endReason: 'logout' });
    await expect(t.sut.endByToken(issued.token, 'logout')).resolves.toBe(false);
  });
});
