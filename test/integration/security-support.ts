import { DataSource } from 'typeorm';
import { ConsoleWhatsAppDriver, ConsoleMessageRecord } from '../../src/modules/messaging/providers/console-whatsapp.driver';
import { WHATSAPP_PROVIDER } from '../../src/modules/messaging/providers/whatsapp-provider';
import { AccountSecurityStatusEntity } from '../../src/modules/security/entities/account-security-status.entity';
import { UserEntity } from '../../src/modules/security/entities/user.entity';
import { PasswordHasher } from '../../src/modules/security/passwords/password-hasher';
import { SETTING_KEYS, SystemSettingsService } from '../../src/modules/system/system-settings.service';
import type { TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

export { waitFor };

export function consoleDriver(t: TestApp): ConsoleWhatsAppDriver {
  return t.app.get<ConsoleWhatsAppDriver>(WHATSAPP_PROVIDER);
}

/** Ids of the messages the console driver has already shown. */
export function seenMessages(t: TestApp): Set<string> {
  return new Set(
    consoleDriver(t)
      .recent()
      .map((m) => m.id),
  );
}

/** Waits for a message of this template that was not in `seen`. */
export async function nextMessage(t: TestApp, seen: Set<string>, templateKey: string): Promise<ConsoleMessageRecord> {
  return waitFor(() =>
    consoleDriver(t)
      .recent()
      .find((m) => m.templateKey === templateKey && !seen.has(m.id)),
  );
}

/** Runs `action` and returns the verification code it caused to be sent. */
export async function codeAfter(t: TestApp, action: () => Promise<unknown>): Promise<string> {
  const seen = seenMessages(t);
  await action();
  const message = await nextMessage(t, seen, 'verificationCode');
  return message.variables[0];
}

export async function createUser(t: TestApp, username: string, password: string): Promise<UserEntity> {
  const db = t.app.get(DataSource);
  const hash = await t.app.get(PasswordHasher).hash(password);
  const user = await db.getRepository(UserEntity).save({ username, password: hash, role: 'admin' });
  await db.getRepository(AccountSecurityStatusEntity).save({ username });
  return user;
}

export async function setVerification(t: TestApp, on: boolean): Promise<void> {
  await t.app.get(SystemSettingsService).set(SETTING_KEYS.adminVerificationRequired, on ? 'true' : 'false', 'test');
}

export const MINUTE = 60_000;
