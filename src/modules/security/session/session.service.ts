import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Clock } from '../../../common/clock/clock';
import { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { randomToken, safeEqual, sha256Hex } from '../../../common/crypto/secrets';
import { DomainException } from '../../../common/errors/domain.exception';
import { ADMIN_SESSION_IDLE_MS, ADMIN_SESSION_MAX_MS, EMERGENCY_SESSION_MS } from './session.constants';
import { AdminSessionEntity } from '../entities/admin-session.entity';
import { UserEntity } from '../entities/user.entity';
import { SessionsRepository } from './sessions.repository';
import type { DbScope } from '../../../database/db-scope';

/** What the JWT carries: the session row and a random secret whose hash that row holds. */
export interface SessionTokenPayload {
  sid: number;
  sub: number;
  sec: string;
}

export interface IssuedSession {
  token: string;
  expiresAt: Date;
  sessionId: number;
}

// Writing lastSeenAt on every call would turn each read into a write; a minute's precision is enough.
const TOUCH_EVERY_MS = 60_000;

/**
 * Administrator sessions: a signed JWT names a session row; the row decides. A token is valid only
 * while its row is not ended, not past its hard expiry (12 h; 1 h for emergency access) and not idle
 * for more than an hour.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly jwt: JwtService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Opens a session; with `manager`, its row is written in the caller's transaction. */
  async issue(
    user: Pick<UserEntity, 'id'>,
    meta: { ip?: string; userAgent?: string; emergency?: boolean },
    manager?: DbScope,
  ): Promise<IssuedSession> {
    const now = this.clock.now();
    const secret = randomToken(32);
    const expiresAt = new Date(now.getTime() + (meta.emergency ? EMERGENCY_SESSION_MS : ADMIN_SESSION_MAX_MS));
    const row = await this.sessions.insert(
      {
        userId: user.id,
        token: sha256Hex(secret),
        expiresAt,
        lastSeenAt: now,
        ipAddress: meta.ip?.slice(0, 64) ?? null,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
        isEmergency: meta.emergency ?? false,
      },
      manager,
    );
    const payload: SessionTokenPayload = { sid: row.id, sub: user.id, sec: secret };
    const token = await this.jwt.signAsync(payload, { expiresIn: Math.ceil((expiresAt.getTime() - now.getTime()) / 1000) });
    return { token, expiresAt, sessionId: row.id };
  }

  /** Checks the session row behind a verified JWT payload; throws 401 when it no longer stands. */
  async validate(payload: SessionTokenPayload): Promise<AdminPrincipal> {
    if (!payload || typeof payload.sid !== 'number' || typeof payload.sec !== 'string') throw DomainException.unauthorized();
    const row = await this.sessions.findWithUser(payload.sid);
    const now = this.clock.now();
    if (!row || !row.user || row.endedAt || !safeEqual(row.token, sha256Hex(payload.sec))) throw DomainException.unauthorized();
    if (row.expiresAt.getTime() <= now.getTime()) {
      await this.end(row.id, 'expired');
      throw DomainException.unauthorized();
    }
    const lastSeen = (row.lastSeenAt ?? row.createdAt).getTime();
    if (now.getTime() - lastSeen > ADMIN_SESSION_IDLE_MS) {
      await this.end(row.id, 'idle');
      throw DomainException.unauthorized();
    }
    if (now.getTime() - lastSeen > TOUCH_EVERY_MS) {
      await this.sessions.touch(row.id, now);
    }
    return { userId: row.userId, username: row.user.username, role: row.user.role, sessionId: row.id, isEmergency: row.isEmergency };
  }

  async end(sessionId: number, reason: string): Promise<void> {
    await this.sessions.end(sessionId, this.clock.now(), reason);
  }

  /**
   * Ends every open session of a user (password change, reset), optionally keeping one, in the
   * caller's transaction (with the change that ends them).
   */
  async endAllForUser(scope: DbScope, userId: number, reason: string, keepSessionId?: number): Promise<number> {
    return this.sessions.endAllForUser(scope, userId, this.clock.now(), reason, keepSessionId);
  }

  /** The session row with its user (GET /api/auth/verify). */
  async describe(sessionId: number): Promise<(AdminSessionEntity & { user: UserEntity }) | null> {
    const row = await this.sessions.findWithUser(sessionId);
    return row?.user ? (row as AdminSessionEntity & { user: UserEntity }) : null;
  }

  /** Ends the session a token names, when the token is genuine; an invalid token changes nothing. */
  async endByToken(token: string, reason: string): Promise<boolean> {
    let payload: SessionTokenPayload;
    try {
      payload = await this.jwt.verifyAsync<SessionTokenPayload>(token, { algorithms: ['HS256'], ignoreExpiration: true });
    } catch {
      return false;
    }
    if (!payload || typeof payload.sid !== 'number' || typeof payload.sec !== 'string') return false;
    const row = await this.sessions.find(payload.sid);
    if (!row || row.endedAt || !safeEqual(row.token, sha256Hex(payload.sec))) return false;
    await this.end(row.id, reason);
    return true;
  }
}
