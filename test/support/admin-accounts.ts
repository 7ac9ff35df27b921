import argon2 from 'argon2';
import type { DataSource } from 'typeorm';

/** Creates or resets an administrator with this password, unfrozen. */
export async function resetAdmin(db: DataSource, username: string, password: string): Promise<void> {
  await db.query(
    `INSERT INTO users (username, password, role) VALUES ($1, $2, 'admin')
     ON CONFLICT (username) DO UPDATE SET password = EXCLUDED.password`,
    [username, await argon2.hash(password)],
  );
  await db.query(`UPDATE account_security_status SET is_frozen = false, failed_attempts = 0, frozen_until = NULL WHERE username = $1`, [
    username,
  ]);
}

/** Turns the login's WhatsApp code step on or off (a system setting other files share). */
export async function setLoginVerification(db: DataSource, on: boolean): Promise<void> {
  await db.query(`UPDATE system_settings SET value = $1 WHERE key = 'admin_verification_required'`, [String(on)]);
}
