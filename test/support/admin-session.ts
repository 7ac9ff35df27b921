import argon2 from 'argon2';
import { DataSource } from 'typeorm';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { UserEntity } from '../../src/modules/security/entities/user.entity';
import { SessionService } from '../../src/modules/security/session/session.service';

/**
 * Signs an administrator in directly (no login screen): creates the user when missing and issues a
 * real session. Returns the bearer token the admin app would hold.
 */
export async function signInAdmin(
  app: NestFastifyApplication,
  username = 'test-admin',
): Promise<{ token: string; userId: number; sessionId: number }> {
  const users = app.get(DataSource).getRepository(UserEntity);
  let user = await users.findOne({ where: { username } });
  if (!user) {
    user = await users.save(users.create({ username, password: await argon2.hash('not-used-in-tests'), role: 'admin' }));
  }
  const session = await app.get(SessionService).issue(user, { ip: '127.0.0.1', userAgent: 'jest' });
  return { token: session.token, userId: user.id, sessionId: session.sessionId };
}
